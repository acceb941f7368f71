import fs from 'node:fs';
import path from 'node:path';

interface DemoFile {
  subcategories: { slug: string; questions: { question: string; options: string[]; answer: number; level: number }[] }[];
}

/**
 * The right option's text of every demo question of a content language, by question text: what
 * the test knows from the repository's content files (content/demo), never what the browser is
 * told before it answers.
 */
export function demoAnswers(language = 'en'): ReadonlyMap<string, string> {
  const dir = path.join(process.cwd(), 'content', 'demo', language);
  const answers = new Map<string, string>();
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const file = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as DemoFile;
    for (const sub of file.subcategories) for (const q of sub.questions) answers.set(q.question.trim(), q.options[q.answer]!.trim());
  }
  return answers;
}
