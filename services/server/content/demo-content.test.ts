import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkDemoFile, checkDemoSet, DemoContentError, loadDemoContent, type DemoFile } from '@/services/server/content/demo-content';

type Q = { key: string; type: string; level: number; question: string; options: string[]; answer: number; note: string };

function question(n: number, level: number, over: Partial<Q> = {}): Q {
  return {
    key: `science.physics.${String(n).padStart(3, '0')}`,
    type: 'multiple',
    level,
    question: `Physics question number ${n}?`,
    options: [`Right ${n}`, `Wrong ${n}a`, `Wrong ${n}b`, `Wrong ${n}c`],
    answer: 0,
    note: 'Because it is so.',
    ...over,
  };
}

function file(questions: Q[] = Array.from({ length: 30 }, (_, i) => question(i + 1, Math.floor(i / 10) + 1)), language = 'en') {
  return {
    language,
    category: { slug: 'science', name: 'Science', row_order: 1 },
    subcategories: [{ slug: 'physics', name: 'Physics', row_order: 1, questions }],
  };
}

const check = (data: unknown, rel = 'content/demo/en/science.json') => checkDemoFile(rel, JSON.stringify(data));

function withQuestion(n: number, over: Record<string, unknown>) {
  const data = file();
  Object.assign(data.subcategories[0]!.questions[n - 1]!, over);
  return data;
}

describe('a demo file', () => {
  test('that follows the rules is read with answers as letters and a content hash', () => {
    const { file: read, problems } = check(file());
    expect(problems).toEqual([]);
    const q = read!.subcategories[0]!.questions[0]!;
    expect(q).toMatchObject({ key: 'science.physics.001', questionType: 'multiple', answer: 'a' });
    expect(q.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  test.each([
    [{ type: 'open' }, 'question science.physics.004, type: type is one of multiple, boolean, word, multiselect, sequence'],
    [{ options: ['A'] }, 'question science.physics.004, options: a multiple question has 2 to 5 options, found 1'],
    [{ options: ['A', 'B', 'C', 'D', 'E', 'F'] }, 'question science.physics.004, options: a multiple question has 2 to 5 options, found 6'],
    [{ options: ['A', 'B', 'a', 'C'] }, 'question science.physics.004, options: the 4 options of a multiple question must be distinct'],
    [{ answer: 4 }, 'question science.physics.004, answer: answer 4 is not the index of an option (0 to 3)'],
    [{ note: '' }, 'question science.physics.004, note: note must not be empty'],
    [{ question: undefined }, 'question science.physics.004, question: question is required'],
    [{ colour: 'red' }, 'question science.physics.004: Unrecognized key: "colour"'],
    [{ type: 'boolean', options: ['False', 'True'], answer: 1 }, 'question science.physics.004, options: a boolean question\'s options are "True" then "False" (or yes then no)'],
  ])('is refused when a question has %j, naming file, key and rule', (over, message) => {
    expect(check(withQuestion(4, over)).problems).toContain(`content/demo/en/science.json: ${message}`);
  });

  test('is refused when a level lies outside 1 to 3', () => {
    expect(check(withQuestion(4, { level: 4 })).problems).toContain(
      'content/demo/en/science.json: question science.physics.004, level: level is 1, 2 or 3',
    );
  });

  test('is refused when a level does not have 10 questions', () => {
    const data = file(Array.from({ length: 19 }, (_, i) => question(i + 1, i < 10 ? 1 : 2)));
    expect(check(data).problems).toEqual(['content/demo/en/science.json: subcategory physics: level 2 has 9 questions, each level has 10']);
  });

  test('is refused when a level is skipped', () => {
    const data = file(Array.from({ length: 20 }, (_, i) => question(i + 1, i < 10 ? 1 : 3)));
    expect(check(data).problems).toEqual(['content/demo/en/science.json: subcategory physics: has level 3 questions but no level 2']);
  });

  test('is refused when its language or slug does not match where it lies', () => {
    expect(check(file(), 'content/demo/es/physics.json').problems).toEqual([
      'content/demo/es/physics.json: language is "en" but the file is in content/demo/es/',
      'content/demo/es/physics.json: category slug is "science" but the file is named physics.json',
    ]);
  });

  test('is refused when it is not JSON', () => {
    expect(checkDemoFile('content/demo/en/x.json', '{ nope').problems[0]).toMatch(/^content\/demo\/en\/x\.json: not valid JSON/);
  });
});

describe('the set of demo files', () => {
  const read = (data: unknown, rel: string): DemoFile => {
    const out = check(data, rel);
    if (!out.file) throw new Error(out.problems.join('\n'));
    return out.file;
  };

  test('refuses a key used twice in one language', () => {
    const a = read(file(), 'content/demo/en/science.json');
    const other = file(Array.from({ length: 30 }, (_, i) => question(i + 1, Math.floor(i / 10) + 1, { question: `Other ${i}?` })));
    other.category.slug = 'history';
    const b = read(other, 'content/demo/en/history.json');
    expect(checkDemoSet([a, b])[0]).toBe('content/demo/en/history.json: question science.physics.001: key already used in content/demo/en/science.json');
  });

  test('refuses a translation that moved to another level', () => {
    const en = read(file(), 'content/demo/en/science.json');
    const translated = file(undefined, 'es');
    const qs = translated.subcategories[0]!.questions;
    for (const q of qs) {
      if (q.type === 'boolean') q.options = ['Verdadero', 'Falso'];
    }
    [qs[0]!.level, qs[10]!.level] = [2, 1];
    const es = read(translated, 'content/demo/es/science.json');
    expect(checkDemoSet([en, es])).toContain(
      'content/demo/es/science.json: question science.physics.001: a translation keeps its English original\'s place, but has level 2 (original: 1)',
    );
  });

  test('refuses the same question written twice under different keys', () => {
    const data = file();
    Object.assign(data.subcategories[0]!.questions[1]!, { question: 'Physics question number 1?', options: ['Wrong 1c', 'Right 1', 'Wrong 1a', 'Wrong 1b'] });
    expect(checkDemoSet([read(data, 'content/demo/en/science.json')])).toEqual([
      'content/demo/en/science.json: question science.physics.002: same question and options as science.physics.001 in content/demo/en/science.json',
    ]);
  });
});

describe('loading the demo content', () => {
  test('reads every shipped file without a problem', async () => {
    const files = await loadDemoContent(process.cwd());
    expect(files.length).toBeGreaterThan(0);
    expect(new Set(files.map((f) => f.language))).toContain('en');
  });

  test('throws one error listing the problems of every file', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-demo-'));
    try {
      fs.mkdirSync(path.join(root, 'content/demo/en'), { recursive: true });
      fs.writeFileSync(path.join(root, 'content/demo/en/science.json'), JSON.stringify(withQuestion(2, { answer: 9 })));
      fs.writeFileSync(path.join(root, 'content/demo/en/broken.json'), '{');
      const error = await loadDemoContent(root).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DemoContentError);
      expect((error as DemoContentError).problems).toHaveLength(2);
      expect((error as Error).message).toContain('content/demo/en/science.json: question science.physics.002, answer');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test('finds nothing to load where there is no demo folder', async () => {
    expect(await loadDemoContent(os.tmpdir() + '/qa-no-such-root')).toEqual([]);
  });
});
