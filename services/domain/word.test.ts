import { seededRandom } from '@/services/domain/seeded-random';
import { alphabetOf, foldOf, unrevealed, wordLetters, wordMatches, wordSlots, wordTiles } from '@/services/domain/word';

const seeded = seededRandom;

describe('guess the word: letters, slots and folding', () => {
  test('only letters count: spaces, hyphens and apostrophes are shown in place', () => {
    expect(wordSlots("Rock-'n' roll", 'plain')).toEqual([null, null, null, null, '-', "'", null, "'", ' ', null, null, null, null]);
    expect(wordLetters("Rock-'n' roll", 'plain').join('')).toBe('ROCKNROLL');
    expect(wordSlots('Apollo 11', 'plain')).toEqual([null, null, null, null, null, null, ' ', '1', '1']);
  });

  test('case and accents fold; in Spanish Ñ stays a letter of its own', () => {
    expect(wordMatches('cancion', 'Canción', 'es')).toBe(true);
    expect(wordMatches('CANCIÓN', 'canción', 'es')).toBe(true);
    expect(wordMatches('cana', 'caña', 'es')).toBe(false);
    expect(wordMatches('caña', 'caña', 'es')).toBe(true);
    expect(wordLetters('Año', 'es')).toEqual(['A', 'Ñ', 'O']);
    // Elsewhere the tilde is an accent like any other.
    expect(wordMatches('jalapeno', 'jalapeño', 'plain')).toBe(true);
  });

  test('Arabic: vowel marks and tatweel go, hamza forms of alef read as alef, alef maqsura as yeh', () => {
    expect(wordMatches('احمد', 'أحمد', 'ar')).toBe(true);
    expect(wordMatches('مُوسِيقَى', 'موسيقي', 'ar')).toBe(true);
    expect(wordMatches('كتـاب', 'كتاب', 'ar')).toBe(true);
    expect(wordMatches('كتب', 'كتاب', 'ar')).toBe(false);
    expect(wordSlots('بيت المقدس', 'ar').filter((s) => s === null)).toHaveLength(9);
  });

  test('a wrong length or an empty entry never matches', () => {
    expect(wordMatches('MARS', 'MARSH', 'plain')).toBe(false);
    expect(wordMatches('', 'A', 'plain')).toBe(false);
    expect(wordMatches('---', '---', 'plain')).toBe(false);
  });

  test('tiles hold every letter of the word and decoys from its own alphabet', () => {
    const tiles = wordTiles('Mañana', 'es', seeded(3));
    expect(tiles.length).toBe(12);
    const needed = wordLetters('Mañana', 'es');
    const left = [...tiles];
    for (const letter of needed) {
      const at = left.indexOf(letter);
      expect(at).toBeGreaterThanOrEqual(0);
      left.splice(at, 1);
    }
    for (const decoy of left) expect(alphabetOf('Mañana', 'es')).toContain(decoy);

    const arabic = wordTiles('قمر', 'ar', seeded(5));
    expect(arabic.every((t) => /[\u0600-\u06FF]/.test(t))).toBe(true);
    expect(wordTiles('Constantinople', 'plain', seeded(7))).toHaveLength(14 + 4);
  });

  test('the language code picks the folding', () => {
    expect([foldOf('es'), foldOf('ar'), foldOf('en'), foldOf('es-MX'), foldOf(null)]).toEqual(['es', 'ar', 'plain', 'es', 'plain']);
  });

  test('unrevealed places exclude those a hint revealed', () => {
    expect(unrevealed('Moon', 'plain', [{ index: 1, letter: 'O' }])).toEqual([0, 2, 3]);
  });

  test('a word is read trimmed; a mark with no letter to sit on is not a place; in other languages ñ is an n', () => {
    expect(wordSlots('  Moon ', 'plain')).toEqual([null, null, null, null]);
    expect(wordSlots('q\u0301', 'plain')).toEqual([null]);
    expect(wordSlots('Año', 'plain')).toEqual([null, null, null]);
    expect(wordSlots('AÑO', 'es')).toEqual([null, null, null]);
    expect(wordLetters('AÑO', 'es')).toEqual(['A', 'Ñ', 'O']);
    expect(wordLetters('Año', 'plain')).toEqual(['A', 'N', 'O']);
  });

  test('an entry longer than the word does not match it', () => {
    expect(wordMatches('MARSH', 'MARS', 'plain')).toBe(false);
    expect(wordMatches('MARS', 'MARSH', 'plain')).toBe(false);
  });

  test('Arabic text folds the Arabic way whatever the language it is filed under', () => {
    expect(wordMatches('موسيقى', 'موسيقي', 'plain')).toBe(true);
    expect(wordMatches('موسيقى', 'موسيقي', 'es')).toBe(true);
  });

  test("the decoys' alphabet: A to Z, with Ñ after N in Spanish, the Arabic letters for an Arabic word", () => {
    expect(alphabetOf('Moon', 'plain').join('')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    expect(alphabetOf('Mañana', 'es').join('')).toBe('ABCDEFGHIJKLMNÑOPQRSTUVWXYZ');
    expect(alphabetOf('قمر', 'ar').join('')).toBe('ابتثجحخدذرزسشصضطظعغفقكلمنهوي');
    expect(alphabetOf('قمر', 'plain')).toEqual(alphabetOf('قمر', 'ar'));
  });

  test('tiles are shuffled: the letters never come in the order that spells the word, for any of 50 draws', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const tiles = wordTiles('Constantinople', 'plain', seeded(seed));
      expect({ seed, spelled: tiles.slice(0, 14).join('') === 'CONSTANTINOPLE' }).toEqual({ seed, spelled: false });
    }
    // Every place of the word's first letter is reached by some draw.
    const places = new Set<number>();
    for (let seed = 1; seed <= 400; seed++) places.add(wordTiles('Xylophones', 'plain', seeded(seed)).indexOf('X'));
    expect(places.size).toBeGreaterThan(1);
  });
});

describe('word tiles and slots at their edges', () => {
  test('a character that holds no letter is shown as written, even when folding would change it (Greek dialytika tonos)', () => {
    expect(wordSlots('A\u0385B', 'plain')).toEqual([null, '\u0385', null]);
  });

  test('a NUL before an N in a word of another language stays an N (only Spanish marks Ñ that way)', () => {
    expect(wordLetters('\u0000N', 'plain')).toEqual(['N']);
  });

  test('decoys are drawn across the alphabet by the draw, and the shuffle swaps each tile with one drawn from it and those before it', () => {
    const alphabet = alphabetOf('CAT', 'plain');
    const count = wordTiles('CAT', 'plain', () => 0).length;
    // Draws at the top of the range: every decoy is the alphabet's last letter and every tile swaps with itself (no move).
    expect(wordTiles('CAT', 'plain', () => 0.999)).toEqual(['C', 'A', 'T', ...Array.from({ length: count - 3 }, () => alphabet.at(-1))]);
    // Draws at the bottom: every decoy is its first letter, and tile i swaps with tile 0, from the last down to the second.
    const bottom = ['C', 'A', 'T', ...Array.from({ length: count - 3 }, () => alphabet[0]!)];
    for (let i = bottom.length - 1; i > 0; i -= 1) [bottom[i], bottom[0]] = [bottom[0]!, bottom[i]!];
    expect(wordTiles('CAT', 'plain', () => 0)).toEqual(bottom);
    const decoys = new Set<string>();
    for (let seed = 1; seed <= 50; seed += 1) for (const t of wordTiles('CAT', 'plain', seededRandom(seed))) decoys.add(t);
    expect(decoys.size).toBeGreaterThan(5);
  });
});
