/**
 * A text cut short to fit (`truncate`, `line-clamp-N`) that may be in either direction — a
 * contest's name, a nickname, a question, the operator's app name — carries `dir="auto"`: otherwise
 * an English title in the Arabic interface is cut from the wrong end ("…al Knowledge" for "Weekly
 * General Knowledge"). Only a cut-short element whose text is the interface's own (`{t(…)}` alone)
 * may go without it: it is always in the interface language.
 */
import fs from 'node:fs';
import path from 'node:path';

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.tsx') && !e.name.endsWith('.test.tsx') ? [p] : [];
  });
}

/** Opening tags whose class cuts text short, with what follows them. */
function cutShortTags(text: string): { tag: string; after: string; line: number }[] {
  const found: { tag: string; after: string; line: number }[] = [];
  const open = /<[A-Za-z][\w.]*\s[^<>]*?className=(?:"[^"]*"|\{`[^`]*`\})[^<>]*?>/g;
  for (const m of text.matchAll(open)) {
    const cls = /className=("[^"]*"|\{`[^`]*`\})/.exec(m[0])![1]!;
    if (!/(^|[\s"`])(truncate|line-clamp-\d)([\s"`]|$)/.test(cls)) continue;
    found.push({ tag: m[0], after: text.slice(m.index! + m[0].length, m.index! + m[0].length + 200).trim(), line: text.slice(0, m.index).split('\n').length });
  }
  return found;
}

test('every element that cuts text short has dir="auto", unless its text is the interface\'s own', () => {
  const root = process.cwd();
  const missing: string[] = [];
  let checked = 0;
  for (const file of [...sources(path.join(root, 'components')), ...sources(path.join(root, 'app'))]) {
    for (const tag of cutShortTags(fs.readFileSync(file, 'utf8'))) {
      checked += 1;
      if (/\sdir=/.test(tag.tag)) continue;
      if (/^\{t\((?:[^()]|\([^()]*\))*\)\}\s*<\//.test(tag.after)) continue;
      missing.push(`${path.relative(root, file)}:${tag.line} ${tag.tag.slice(0, 100)}`);
    }
  }
  expect(missing).toEqual([]);
  expect(checked).toBeGreaterThan(10);
});

test('the check finds a cut-short name without a direction', () => {
  expect(cutShortTags('<span className="truncate">{contest.name}</span>')).toHaveLength(1);
  expect(cutShortTags('<span className={`min-w-0 line-clamp-2 ${x}`}>{q}</span>')).toHaveLength(1);
  expect(cutShortTags('<span className="text-sm">{q}</span>')).toHaveLength(0);
});
