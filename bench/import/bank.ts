import fs from 'node:fs';
import { once } from 'node:events';
import { csvLine } from '@/services/server/content/csv';

/**
 * A generated question bank in Quiz Arena's CSV, shaped like the public banks operators merge:
 * mostly four-option questions, a share of two-option ones (yes/no, true/false and two texts),
 * some with five options, true/false rows, rows a bank gets wrong (refused with a reason) and
 * questions written twice (duplicates), across 12 categories of 8 subcategories in two languages.
 * Deterministic: the same size gives the same file.
 */
export const BANK_HEADER = ['mode', 'language', 'category', 'subcategory', 'type', 'level', 'question', 'option_a', 'option_b', 'option_c', 'option_d', 'option_e', 'answer', 'note'];

const CATEGORIES = ['Science', 'History', 'Geography', 'Sports', 'Music', 'Film', 'Literature', 'Art', 'Nature', 'Technology', 'Food', 'Mythology'];
const SUBS = ['Basics', 'Classics', 'Records', 'People', 'Places', 'Dates', 'Firsts', 'Oddities'];

export interface BankShape {
  rows: number;
  /** Rows refused on purpose (an empty question, an answer naming an empty option, six options). */
  broken: number;
  /** Rows repeating an earlier question. */
  repeated: number;
  /** Rows with exactly two options. */
  twoOption: number;
}

/** The row at position `i` (0-based) of a bank of `total` rows. */
export function bankRow(i: number): { fields: string[]; kind: 'four' | 'five' | 'yes-no' | 'two-texts' | 'boolean' | 'broken' | 'repeat' } {
  const language = i % 10 === 9 ? 'es' : 'en';
  const category = CATEGORIES[i % CATEGORIES.length]!;
  const sub = SUBS[Math.floor(i / CATEGORIES.length) % SUBS.length]!;
  const level = String(1 + (i % 5));
  const row = (type: string, question: string, options: string[], answer: string) => [
    '',
    language,
    category,
    sub,
    type,
    level,
    question,
    ...[0, 1, 2, 3, 4].map((k) => options[k] ?? ''),
    answer,
    i % 7 === 0 ? `A note about question ${i}, with a comma, and "quotes".` : '',
  ];
  const pick = i % 100;
  if (pick === 0 && i > 0) {
    // The question 75 rows back (a four-option one) written again: a duplicate.
    const earlier = bankRow(i - 75);
    return { fields: earlier.fields, kind: 'repeat' };
  }
  if (pick === 1) {
    const broken = i % 3;
    if (broken === 0) return { fields: row('multiple', '', ['A', 'B', 'C', 'D'], 'a'), kind: 'broken' };
    if (broken === 1) return { fields: row('multiple', `Broken question ${i}: which one?`, ['One', 'Two', '', ''], 'c'), kind: 'broken' };
    return { fields: row('multiple', `Broken question ${i}: which answer?`, ['One', 'Two', 'Three', 'Four'], 'q'), kind: 'broken' };
  }
  if (pick < 9) {
    const yes = language === 'es' ? ['Sí', 'No'] : ['Yes', 'No'];
    return { fields: row('multiple', `Is statement number ${i} about ${category.toLowerCase()} right?`, i % 2 ? yes : [yes[1]!, yes[0]!], 'a'), kind: 'yes-no' };
  }
  if (pick < 14) return { fields: row('multiple', `Which came first in ${category.toLowerCase()} case ${i}?`, [`Event ${i}-A`, `Event ${i}-B`], i % 2 ? 'b' : 'a'), kind: 'two-texts' };
  if (pick < 22) return { fields: row('boolean', `Fact ${i} about ${sub.toLowerCase()} in ${category.toLowerCase()} is true.`, [], i % 2 ? 'true' : 'false'), kind: 'boolean' };
  if (pick < 25) return { fields: row('multiple', `Pick the right one of five for question ${i}?`, ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'], 'abcde'[i % 5]!), kind: 'five' };
  return {
    fields: row('multiple', `Question ${i}: which of these belongs to ${category.toLowerCase()} (${sub.toLowerCase()})?`, [`Answer ${i}`, `Wrong ${i} one`, `Wrong ${i} two`, `Wrong ${i} three`], 'abcd'[i % 4]!),
    kind: 'four',
  };
}

/** Writes a bank of `rows` rows to `file`; returns what it holds. */
export async function writeBank(file: string, rows: number): Promise<BankShape> {
  const out = fs.createWriteStream(file);
  const shape: BankShape = { rows, broken: 0, repeated: 0, twoOption: 0 };
  let buffer = `${csvLine(BANK_HEADER)}\n`;
  for (let i = 0; i < rows; i++) {
    const { fields, kind } = bankRow(i);
    if (kind === 'broken') shape.broken++;
    if (kind === 'repeat') shape.repeated++;
    if (kind === 'yes-no' || kind === 'two-texts') shape.twoOption++;
    buffer += `${csvLine(fields)}\n`;
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
  return shape;
}
