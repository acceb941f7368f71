/**
 * Guess the word (rules.md, Solo play): what counts in a word or phrase, and how a player's
 * letters are compared with it. Shared by the server, which checks answers and picks hints, and
 * the browser, which lays out the slots and fills them from tiles or the keyboard.
 *
 * Only letters count: spaces, hyphens, apostrophes and digits are shown in place and never
 * typed. Letters are compared folded: upper case, accents removed, with the rules of the word's
 * language where they differ — in Spanish "ñ" is a letter of its own (not "n"); in Arabic the
 * short-vowel marks and tatweel go, the hamza forms of alef read as alef and alef maqsura as yeh.
 */

/** How a language folds its letters: 'es' keeps Ñ, 'ar' applies the Arabic rules, the rest fold every mark. */
export type WordFold = 'es' | 'ar' | 'plain';

export function foldOf(languageCode: string | null | undefined): WordFold {
  const code = (languageCode ?? '').toLowerCase().split(/[-_]/)[0];
  if (code === 'es') return 'es';
  if (code === 'ar') return 'ar';
  return 'plain';
}

const ARABIC = /[\u0600-\u06FF]/;
const TATWEEL = /\u0640/g;
const N_TILDE = /n\u0303/gi;

/** One character folded to what is compared (may be '' for a mark on its own). */
function foldChars(text: string, fold: WordFold): string {
  let t = text.normalize('NFD');
  // Spanish: an n with a tilde (either case: the text is upper-cased below) is marked, so the marks' removal leaves it.
  if (fold === 'es') t = t.replace(N_TILDE, '\u0000N');
  t = t.replace(/\p{M}/gu, '').replace(TATWEEL, '');
  // Alef maqsura is Arabic script: where it is, the text is folded the Arabic way, whatever the language says.
  if (ARABIC.test(t)) t = t.replace(/\u0649/g, '\u064A');
  t = t.toUpperCase();
  return fold === 'es' ? t.replace(/\u0000N/g, 'Ñ') : t;
}

const LETTER = /\p{L}/u;

/**
 * The places of a word as a player sees them: null for a letter to fill, the character itself for
 * what is shown (a space, a hyphen, an apostrophe, a digit).
 */
export function wordSlots(answer: string, fold: WordFold): (string | null)[] {
  const out: (string | null)[] = [];
  for (const ch of answer.trim().normalize('NFC')) {
    const folded = foldChars(ch, fold);
    if (folded === '') continue;
    if ([...folded].some((c) => LETTER.test(c))) for (const c of folded) out.push(LETTER.test(c) ? null : c);
    else out.push(ch);
  }
  return out;
}

/** The letters of a word or of a player's entry, folded, in order (nothing else). */
export function wordLetters(text: string, fold: WordFold): string[] {
  return [...foldChars(text.normalize('NFC'), fold)].filter((c) => LETTER.test(c));
}

/** Whether a player's entry spells the word: the same letters in the same order, folded. */
export function wordMatches(entry: string, answer: string, fold: WordFold): boolean {
  const a = wordLetters(answer, fold);
  const b = wordLetters(entry, fold);
  return a.length > 0 && a.length === b.length && a.every((c, i) => c === b[i]);
}

const LATIN = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const ARABIC_LETTERS = [...'ابتثجحخدذرزسشصضطظعغفقكلمنهوي'];

/** The alphabet the decoy tiles of a word come from: the word's own script, with Ñ in Spanish. */
export function alphabetOf(answer: string, fold: WordFold): string[] {
  if (ARABIC.test(answer)) return ARABIC_LETTERS;
  return fold === 'es' ? [...LATIN.slice(0, 14), 'Ñ', ...LATIN.slice(14)] : LATIN;
}

/** Tiles a word offers at least (its letters, then decoys up to this many). */
export const MIN_TILES = 12;
/** Decoys a word offers at least, however long it is. */
export const MIN_DECOYS = 4;

/**
 * The tiles of a word: every letter it needs (folded, with repeats) and decoys from its alphabet,
 * shuffled with `random` (the server's unpredictable source). An anagram with decoys is the game
 * itself; the order of the letters, which is the answer, is not in it.
 */
export function wordTiles(answer: string, fold: WordFold, random: () => number): string[] {
  const letters = wordLetters(answer, fold);
  const alphabet = alphabetOf(answer, fold);
  const decoys = Math.max(MIN_DECOYS, MIN_TILES - letters.length);
  const tiles = [...letters];
  for (let i = 0; i < decoys; i++) tiles.push(alphabet[Math.min(alphabet.length - 1, Math.floor(random() * alphabet.length))]!);
  for (let i = tiles.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [tiles[i], tiles[j]] = [tiles[j]!, tiles[i]!];
  }
  return tiles;
}

/** A letter a hint revealed: its place among the word's letters (0-based, letters only) and the letter. */
export interface WordHint {
  readonly index: number;
  readonly letter: string;
}

/** The places of the letters of a word not revealed yet. */
export function unrevealed(answer: string, fold: WordFold, hints: readonly WordHint[]): number[] {
  const taken = new Set(hints.map((h) => h.index));
  return wordLetters(answer, fold)
    .map((_, i) => i)
    .filter((i) => !taken.has(i));
}
