import { getShortestPaths } from '@xstate/graph';
import { createActor } from 'xstate';
import { enteredLetters, wordEntry, wordEntryMachine, type WordEntryEvent, type WordEntryInput } from '@/machines/word-entry/word-entry.machine';
import type { PlayWord } from '@/services/domain/play-session';
import { MODEL_PLACES, MODEL_TILES, wordEntryModelPaths } from '@/machines/word-entry/word-entry.model';
import { pathRows } from '@/machines/testing/paths';
import { testPath } from '@/machines/testing/trace';
import { failOnError } from '@/machines/testing/actor-errors';

// "SEA LION": letters S E A L I O N, a space shown; tiles with decoys.
const WORD: PlayWord = { slots: [null, null, null, ' ', null, null, null, null], tiles: ['L', 'A', 'X', 'S', 'N', 'E', 'O', 'Q', 'I', 'A'], fold: 'plain' };

function start(extra: Partial<WordEntryInput> = {}) {
  const actor = failOnError(createActor(wordEntryMachine, { input: { word: WORD, hints: [], ...extra } }));
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

  test('a hint takes its letter\'s tile from an unlocked place, never from a place another hint locked', () => {
    // "BANANA" with exactly three A tiles.
    const word: PlayWord = { slots: Array(6).fill(null), tiles: ['A', 'N', 'B', 'A', 'N', 'A'], fold: 'plain' };
    const a = start({ word });
    a.send({ type: 'hint.revealed', hint: { index: 1, letter: 'A' } }); // tile 0, locked
    for (const l of 'BAA') a.send({ type: 'key.letter', letter: l }); // places 0, 2, 3: tiles 2, 3, 5
    // Every A tile is in use; the hint for place 5 takes one from the first unlocked place that holds an A (2).
    a.send({ type: 'hint.revealed', hint: { index: 5, letter: 'A' } });
    const c = a.getSnapshot().context;
    expect(c.filledBy).toEqual([2, 0, null, 5, null, 3]);
    expect(c.locked).toEqual([false, true, false, false, false, true]);
  });

  test('a tile outside the tiles is refused: before the first and one past the last', () => {
    const a = start();
    a.send({ type: 'key.letter', letter: 'z' });
    for (const tile of [-1, WORD.tiles.length]) a.send({ type: 'tile.pick', tile });
    const c = a.getSnapshot().context;
    expect(c.filledBy.every((t) => t === null)).toBe(true);
    expect(c.refused).toBeNull();
  });

  test('a key that is no letter changes nothing, the message about a refused letter included', () => {
    const a = start();
    a.send({ type: 'key.letter', letter: 'z' });
    for (const key of ['7', ' ', '-']) a.send({ type: 'key.letter', letter: key });
    const c = a.getSnapshot().context;
    expect(c.refused).toBe('Z');
    expect(c.filledBy.every((t) => t === null)).toBe(true);
  });

  test('typed letters are folded as the word is: Ñ is its own letter in a Spanish word, an N in another', () => {
    // "NIÑO" as the server serves it in Spanish: Ñ stays on its tile.
    const spanish = start({ word: { slots: [null, null, null, null], tiles: ['Ñ', 'O', 'N', 'I', 'N'], fold: 'es' } });
    spanish.send({ type: 'key.letter', letter: 'n' });
    spanish.send({ type: 'key.letter', letter: 'ñ' });
    expect(spanish.getSnapshot().context.filledBy.slice(0, 2)).toEqual([2, 0]);
    spanish.send({ type: 'key.letter', letter: 'ñ' }); // the only Ñ is in use: an N does not stand in
    expect(spanish.getSnapshot().context.refused).toBe('Ñ');
    expect(spanish.getSnapshot().context.filledBy[2]).toBeNull();
    // The same word in a language that folds every mark: its tiles show N, and ñ types one.
    const plain = start({ word: { slots: [null, null, null, null], tiles: ['O', 'N', 'I', 'N'], fold: 'plain' } });
    plain.send({ type: 'key.letter', letter: 'ñ' });
    expect(plain.getSnapshot().context.filledBy[0]).toBe(1);
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
    const small: PlayWord = { slots: [null, null, null], tiles: ['A', 'A', 'B'], fold: 'plain' };
    const paths = getShortestPaths(wordEntryMachine, { events, input: { word: small, hints: [] } });
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
    const actor = failOnError(createActor(wordEntryMachine, { input: { word: { slots: Array(MODEL_PLACES).fill(null), tiles: [...MODEL_TILES], fold: 'plain' }, hints: [] } }));
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
