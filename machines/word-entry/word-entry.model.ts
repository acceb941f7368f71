import { createTestModel } from '@xstate/graph';
import { assign, setup } from 'xstate';
import { selfLoopsToo } from '@/machines/testing/paths';

/**
 * What a tester expects of guess the word's letter entry: the word CAT (three letter places) with
 * the tiles C A T X (X a decoy). The model keeps the letter in each place, the places a hint
 * locked, and the letter typed that no free tile shows. Its state values are the real machine's
 * stable ones (`editing`, `complete`; the machine passes through `check` on each event).
 *
 * Sample events: picking C, A and X, a tile index that does not exist; typing t, á (folded to A)
 * and q (no tile); Backspace; clearing place 1 and place 2; Clear; the hint revealing A in place 2.
 */

export const MODEL_TILES = ['C', 'A', 'T', 'X'] as const;
export const MODEL_PLACES = 3;
export const MODEL_HINT = { index: 1, letter: 'A' } as const;

export type WordEntryModelEvent =
  | { type: 'tile.pick'; tile: number }
  | { type: 'key.letter'; letter: string }
  | { type: 'entry.backspace' }
  | { type: 'place.clear'; place: number }
  | { type: 'entry.clear' }
  | { type: 'hint.revealed'; hint: { index: number; letter: string } };

export const WORD_ENTRY_MODEL_EVENTS: WordEntryModelEvent[] = [
  { type: 'tile.pick', tile: 0 },
  { type: 'tile.pick', tile: 1 },
  { type: 'tile.pick', tile: 3 },
  { type: 'tile.pick', tile: 9 },
  { type: 'key.letter', letter: 't' },
  { type: 'key.letter', letter: 'á' },
  { type: 'key.letter', letter: 'q' },
  { type: 'entry.backspace' },
  { type: 'place.clear', place: 0 },
  { type: 'place.clear', place: 1 },
  { type: 'entry.clear' },
  { type: 'hint.revealed', hint: MODEL_HINT },
];

export interface WordEntryModelContext {
  /** The letter in each place ('' when empty). The tiles' letters differ, so a letter is its tile. */
  readonly places: readonly string[];
  readonly locked: readonly boolean[];
  /** The typed letter no free tile shows, until the next change. */
  readonly refused: string | null;
}

/** The tile a typed letter stands for: upper case, accents folded (en). */
const folded = (letter: string) => letter.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
const free = (c: WordEntryModelContext, letter: string) => (MODEL_TILES as readonly string[]).includes(letter) && !c.places.includes(letter);
const fillFirst = (c: WordEntryModelContext, letter: string) => {
  const places = [...c.places];
  places[places.indexOf('')] = letter;
  return places;
};

export const wordEntryModel = setup({
  types: { context: {} as WordEntryModelContext, events: {} as WordEntryModelEvent },
  guards: {
    allFilled: ({ context }) => context.places.every((l) => l !== ''),
  },
  actions: {
    pick: assign(({ context, event }) => {
      const letter = event.type === 'tile.pick' ? MODEL_TILES[event.tile] : undefined;
      // A tile in use or one that does not exist changes nothing but the message.
      if (!letter || !free(context, letter)) return { refused: null };
      return { places: fillFirst(context, letter), refused: null };
    }),
    type: assign(({ context, event }) => {
      const letter = event.type === 'key.letter' ? folded(event.letter) : '';
      if (!free(context, letter)) return { refused: letter };
      return { places: fillFirst(context, letter), refused: null };
    }),
    backspace: assign(({ context }) => {
      const places = [...context.places];
      const last = places.findLastIndex((l, i) => l !== '' && !context.locked[i]);
      if (last >= 0) places[last] = '';
      return { places, refused: null };
    }),
    clearPlace: assign(({ context, event }) => {
      const place = event.type === 'place.clear' ? event.place : -1;
      if (context.locked[place]) return {};
      const places = [...context.places];
      places[place] = '';
      return { places, refused: null };
    }),
    clearAll: assign(({ context }) => ({ places: context.places.map((l, i) => (context.locked[i] ? l : '')), refused: null })),
    reveal: assign(({ context, event }) => {
      // The letter the event reveals: MODEL_HINT on the model's own paths, the server's at its depth.
      const { index, letter } = event.type === 'hint.revealed' ? event.hint : MODEL_HINT;
      if (context.locked[index]) return { refused: null };
      // The hint's letter moves to its place (from wherever it was) and is locked there.
      const places = context.places.map((l) => (l === letter ? '' : l));
      places[index] = letter;
      const locked = [...context.locked];
      locked[index] = true;
      return { places, locked, refused: null };
    }),
  },
}).createMachine({
  id: 'wordEntryModel',
  context: { places: ['', '', ''], locked: [false, false, false], refused: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'tile.pick': { actions: 'pick' },
        'key.letter': { actions: 'type' },
        'entry.backspace': { actions: 'backspace' },
        'place.clear': { actions: 'clearPlace' },
        'entry.clear': { actions: 'clearAll' },
        'hint.revealed': { actions: 'reveal' },
      },
      always: { guard: 'allFilled', target: 'complete' },
    },
    complete: {
      // Full: tiles and letters are not taken.
      on: {
        'entry.backspace': { actions: 'backspace' },
        'place.clear': { actions: 'clearPlace' },
        'entry.clear': { actions: 'clearAll' },
        'hint.revealed': { actions: 'reveal' },
      },
      always: { guard: ({ context }) => context.places.some((l) => l === ''), target: 'editing' },
    },
  },
});

/** The shortest path to every state of the model and through every transition, refusals included. */
export function wordEntryModelPaths() {
  return createTestModel(wordEntryModel, { events: WORD_ENTRY_MODEL_EVENTS, serializeTransition: selfLoopsToo }).getShortestPaths();
}
