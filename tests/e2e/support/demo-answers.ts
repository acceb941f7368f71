import fs from 'node:fs';
import path from 'node:path';

interface DemoQuestion {
  question: string;
  type: string;
  options?: string[];
  answer?: number | number[] | string;
  level: number;
}
interface DemoFile {
  subcategories: { slug: string; questions?: DemoQuestion[]; items?: { questions: DemoQuestion[] }[] }[];
}

/** Every demo question of a content language as written in the repository's content files (content/demo). */
export function demoQuestions(language = 'en'): DemoQuestion[] {
  const dir = path.join(process.cwd(), 'content', 'demo', language);
  const out: DemoQuestion[] = [];
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const file = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as DemoFile;
    for (const sub of file.subcategories) {
      out.push(...(sub.questions ?? []));
      for (const item of sub.items ?? []) out.push(...item.questions);
    }
  }
  return out;
}

/**
 * The right answer of every demo question of a content language, by question text, in words: the
 * right option's text (one option), the word (guess the word), the right options' texts (multi
 * select), the options in order (a sequence, as written). What the test knows from the
 * repository's content files, never what the browser is told before it answers.
 */
export function demoAnswers(language = 'en'): ReadonlyMap<string, string> {
  const answers = new Map<string, string>();
  for (const q of demoQuestions(language)) answers.set(q.question.trim(), rightOf(q));
  return answers;
}

function rightOf(q: DemoQuestion): string {
  const options = q.options ?? [];
  if (q.type === 'word') return String(q.answer).trim();
  if (q.type === 'sequence') return options.map((o) => o.trim()).join('\n');
  if (Array.isArray(q.answer)) return q.answer.map((i) => options[i]!.trim()).join('\n');
  return options[q.answer as number]!.trim();
}
