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
});
