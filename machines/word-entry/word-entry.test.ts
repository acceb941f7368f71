import { getShortestPaths } from '@xstate/graph';
import { createActor } from 'xstate';
import { enteredLetters, wordEntry, wordEntryMachine, type WordEntryEvent, type WordEntryInput } from '@/machines/word-entry/word-entry.machine';
import type { PlayWord } from '@/services/domain/play-session';
import { MODEL_PLACES, MODEL_TILES, wordEntryModelPaths } from '@/machines/word-entry/word-entry.model';
import { pathRows } from '@/machines/testing/paths';
import { testPath } from '@/machines/testing/trace';

// "SEA LION": letters S E A L I O N, a space shown; tiles with decoys.
const WORD: PlayWord = { slots: [null, null, null, ' ', null, null, null, null], tiles: ['L', 'A', 'X', 'S', 'N', 'E', 'O', 'Q', 'I', 'A'] };

function start(extra: Partial<WordEntryInput> = {}) {
  const actor = createActor(wordEntryMachine, { input: { word: WORD, language: 'en', ...extra } });
  actor.start();
  return actor;
}

describe('word entry', () => {
  test('tiles and typed letters fill the places in order; a tile is used once', () => {
    const a = start();
    a.send({ type: 'tile.pick', tile: 3 }); // S
    a.send({ type: 'tile.pick', tile: 3 }); // used: ignored
    a.send({ type: 'key.letter', letter: 'e' });
    a.send({ type: 'key.letter', letter: 'á' }); // folded to A
    expect(enteredLetters(a.getSnapshot().context)).toEqual(['S', 'E', 'A', '', '', '', '']);
    a.send({ type: 'key.letter', letter: 'z' });
    expect(a.getSnapshot().context.refused).toBe('Z');
    for (const l of 'LION') a.send({ type: 'key.letter', letter: l });
    expect(a.getSnapshot().value).toBe('complete');
    expect(wordEntry(a.getSnapshot().context)).toBe('SEALION');
    a.send({ type: 'key.letter', letter: 'A' }); // full: nothing happens
    expect(wordEntry(a.getSnapshot().context)).toBe('SEALION');
  });

  test('Backspace empties the last place, a place can be cleared, Clear empties all', () => {
    const a = start();
    for (const l of 'SEAL') a.send({ type: 'key.letter', letter: l });
    a.send({ type: 'entry.backspace' });
    a.send({ type: 'place.clear', place: 0 });
    expect(enteredLetters(a.getSnapshot().context)).toEqual(['', 'E', 'A', '', '', '', '']);
    // The next letter goes to the first empty place.
    a.send({ type: 'key.letter', letter: 'S' });
    expect(enteredLetters(a.getSnapshot().context).slice(0, 3)).toEqual(['S', 'E', 'A']);
    a.send({ type: 'entry.clear' });
    expect(enteredLetters(a.getSnapshot().context).every((l) => l === '')).toBe(true);
  });

  test('a revealed letter is locked in its place and takes a tile of its letter, even one in use', () => {
    const a = start();
    a.send({ type: 'key.letter', letter: 'A' });
    a.send({ type: 'key.letter', letter: 'A' });
    // Both A tiles are in use (places 0 and 1); the hint puts A in place 2.
    a.send({ type: 'hint.revealed', hint: { index: 2, letter: 'A' } });
    const c = a.getSnapshot().context;
    expect(enteredLetters(c)).toEqual(['', 'A', 'A', '', '', '', '']);
    expect(c.locked[2]).toBe(true);
    a.send({ type: 'entry.clear' });
    a.send({ type: 'entry.backspace' });
    expect(enteredLetters(a.getSnapshot().context)).toEqual(['', '', 'A', '', '', '', '']);
  });

  test('a hint outside the word, or for a letter no tile shows, changes nothing, even with the letter\'s only tile in use', () => {
    const a = start();
    for (const l of 'SEALION') a.send({ type: 'key.letter', letter: l });
    const full = a.getSnapshot().context;
    // The only S tile fills place 0: a hint that did anything would have to take it from there.
    for (const index of [-1, 7]) a.send({ type: 'hint.revealed', hint: { index, letter: 'S' } });
    a.send({ type: 'hint.revealed', hint: { index: 1, letter: 'Z' } });
    const after = a.getSnapshot().context;
    expect(after.filledBy).toEqual(full.filledBy);
    expect(after.locked).toEqual(full.locked);
    expect(wordEntry(after)).toBe('SEALION');
  });

  test('hints at the first place and with the first tile are revealed like any other', () => {
    const a = start();
    a.send({ type: 'hint.revealed', hint: { index: 0, letter: 'S' } });
    // L is tile 0.
    a.send({ type: 'hint.revealed', hint: { index: 3, letter: 'L' } });
    const c = a.getSnapshot().context;
    expect(enteredLetters(c)).toEqual(['S', '', '', 'L', '', '', '']);
    expect(c.filledBy[3]).toBe(0);
    expect(c.locked).toEqual([true, false, false, true, false, false, false]);
  });

  test('Backspace empties the first place too', () => {
    const a = start();
    a.send({ type: 'key.letter', letter: 'S' });
    a.send({ type: 'entry.backspace' });
    expect(enteredLetters(a.getSnapshot().context).every((l) => l === '')).toBe(true);
  });

  test('hints revealed before a reload are in place from the start', () => {
    const a = start({ hints: [{ index: 6, letter: 'N' }] });
    expect(enteredLetters(a.getSnapshot().context)[6]).toBe('N');
    for (const l of 'SEALIO') a.send({ type: 'key.letter', letter: l });
    expect(a.getSnapshot().value).toBe('complete');
    expect(wordEntry(a.getSnapshot().context)).toBe('SEALION');
  });

  test('on every path of sample events no tile fills two places and locked places keep their letter', () => {
    const events: WordEntryEvent[] = [
      { type: 'tile.pick', tile: 1 },
      { type: 'tile.pick', tile: 9 },
      { type: 'key.letter', letter: 'a' },
      { type: 'entry.backspace' },
      { type: 'place.clear', place: 0 },
      { type: 'entry.clear' },
      { type: 'hint.revealed', hint: { index: 2, letter: 'A' } },
    ];
    const small: PlayWord = { slots: [null, null, null], tiles: ['A', 'A', 'B'] };
    const paths = getShortestPaths(wordEntryMachine, { events, input: { word: small, language: 'en' } });
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) {
      const c = path.state.context;
      const used = c.filledBy.filter((t) => t !== null);
      expect(new Set(used).size).toBe(used.length);
      c.locked.forEach((locked, i) => {
        if (locked) expect(c.tiles[c.filledBy[i]!]).toBe('A');
      });
      expect(path.state.value === 'complete').toBe(c.filledBy.every((t) => t !== null));
    }
  });
});

describe('every path of the word-entry model', () => {
  const paths = wordEntryModelPaths();

  test('reach both states, the locked hint, a refused letter and a full word', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['editing', 'complete']));
    expect(paths.some((p) => p.state.context.locked[1])).toBe(true);
    expect(paths.some((p) => p.state.context.refused === 'Q')).toBe(true);
    expect(paths.some((p) => p.state.context.places.join('') === 'CAT')).toBe(true);
  });

  test.each(pathRows('word-entry', 'default', paths))('%s', async (_name, path) => {
    const actor = createActor(wordEntryMachine, { input: { word: { slots: Array(MODEL_PLACES).fill(null), tiles: [...MODEL_TILES] }, language: 'en' } });
    actor.start();
    const send = (step: { event: { type: string } }) => actor.send(step.event as WordEntryEvent);
    await testPath(path, {
      events: {
        'tile.pick': send,
        'key.letter': send,
        'entry.backspace': send,
        'place.clear': send,
        'entry.clear': send,
        'hint.revealed': send,
      },
      states: {
        '*': (expected) => {
          const { value, context } = actor.getSnapshot();
          expect(value).toBe(expected.value);
          expect(enteredLetters(context)).toEqual(expected.context.places);
          expect(context.locked).toEqual(expected.context.locked);
          expect(context.refused).toBe(expected.context.refused);
          if (value === 'complete') expect(wordEntry(context)).toBe(expected.context.places.join(''));
        },
      },
    });
    actor.stop();
  });
});
