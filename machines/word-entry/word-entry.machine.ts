import { assertEvent, assign, setup } from 'xstate';
import type { PlayWord, WordHintReveal } from '@/services/domain/play-session';
import { wordLetters, type WordFold } from '@/services/domain/word';

/**
 * Guess the word's letter entry: the player fills the word's letter places from the tiles (a tile
 * is used once) or from the keyboard (a typed letter takes the first free tile that shows it);
 * Backspace empties the last filled place; a place a hint revealed is locked with its letter and
 * takes a tile of that letter. No calls and no timers: the quiz-play machine owns those and sends
 * the revealed hints here. `complete` when every letter place is filled; `entry` is then the answer.
 */

export interface WordEntryInput {
  /** The word as served: its places, its tiles and how its letters are folded (typed letters are folded the same way). */
  readonly word: PlayWord;
  /** Letters revealed before (a reload), none on a new question. */
  readonly hints: readonly WordHintReveal[];
}

export interface WordEntryContext {
  readonly tiles: readonly string[];
  /** Per letter place: the tile filling it, or null. */
  readonly filledBy: readonly (number | null)[];
  /** Letter places a hint revealed: locked. */
  readonly locked: readonly boolean[];
  /** The word's folding of letters (its language's: Ñ is a letter of its own in Spanish). */
  readonly fold: WordFold;
  /** The last letter typed that no free tile shows (for the message), else null. */
  readonly refused: string | null;
}

export type WordEntryEvent =
  | { type: 'tile.pick'; tile: number }
  | { type: 'key.letter'; letter: string }
  | { type: 'entry.backspace' }
  | { type: 'place.clear'; place: number }
  | { type: 'entry.clear' }
  | { type: 'hint.revealed'; hint: WordHintReveal };

const letterPlaces = (word: PlayWord) => word.slots.filter((s) => s === null).length;

function firstFreeTile(tiles: readonly string[], used: ReadonlySet<number | null>, letter: string): number {
  return tiles.findIndex((t, i) => t === letter && !used.has(i));
}

/** The tiles in the places (with null for the empty ones, which no tile index matches). */
function usedTiles(filledBy: readonly (number | null)[]): ReadonlySet<number | null> {
  return new Set(filledBy);
}

/** Puts a revealed letter in its place: locked, filled with a free tile of that letter (freeing the tile that was there). */
function reveal(context: WordEntryContext, hint: WordHintReveal): Pick<WordEntryContext, 'filledBy' | 'locked'> {
  if (hint.index < 0 || hint.index >= context.filledBy.length || context.locked[hint.index]) return context;
  const filledBy = [...context.filledBy];
  filledBy[hint.index] = null;
  let tile = firstFreeTile(context.tiles, usedTiles(filledBy), hint.letter);
  if (tile < 0) {
    // Every tile of that letter fills another place: take it from the first unlocked one.
    const from = filledBy.findIndex((t, i) => t !== null && !context.locked[i] && context.tiles[t] === hint.letter);
    if (from < 0) return context;
    tile = filledBy[from]!;
    filledBy[from] = null;
  }
  filledBy[hint.index] = tile;
  const locked = [...context.locked];
  locked[hint.index] = true;
  return { filledBy, locked };
}

export const wordEntryMachine = setup({
  types: { context: {} as WordEntryContext, events: {} as WordEntryEvent, input: {} as WordEntryInput },
  guards: {
    allFilled: ({ context }) => context.filledBy.every((t) => t !== null),
  },
  actions: {
    // Picking and typing happen while `editing`, which `check` enters only with a free place.
    pick: assign(({ context, event }) => {
      assertEvent(event, 'tile.pick');
      if (event.tile < 0 || event.tile >= context.tiles.length || usedTiles(context.filledBy).has(event.tile)) return { refused: null };
      const place = context.filledBy.indexOf(null);
      const filledBy = [...context.filledBy];
      filledBy[place] = event.tile;
      return { filledBy, refused: null };
    }),
    type: assign(({ context, event }) => {
      assertEvent(event, 'key.letter');
      const [letter] = wordLetters(event.letter, context.fold);
      if (!letter) return {};
      const place = context.filledBy.indexOf(null);
      // The tiles are folded as the letter is (Ñ on a Spanish word, N on another).
      const tile = firstFreeTile(context.tiles, usedTiles(context.filledBy), letter);
      if (tile < 0) return { refused: letter };
      const filledBy = [...context.filledBy];
      filledBy[place] = tile;
      return { filledBy, refused: null };
    }),
    backspace: assign(({ context }) => {
      const filledBy = [...context.filledBy];
      for (let i = filledBy.length - 1; i >= 0; i--) {
        if (filledBy[i] !== null && !context.locked[i]) {
          filledBy[i] = null;
          break;
        }
      }
      return { filledBy, refused: null };
    }),
    clearPlace: assign(({ context, event }) => {
      assertEvent(event, 'place.clear');
      if (context.locked[event.place]) return {};
      const filledBy = [...context.filledBy];
      filledBy[event.place] = null;
      return { filledBy, refused: null };
    }),
    clearAll: assign(({ context }) => ({ filledBy: context.filledBy.map((t, i) => (context.locked[i] ? t : null)), refused: null })),
    reveal: assign(({ context, event }) => {
      assertEvent(event, 'hint.revealed');
      return { ...reveal(context, event.hint), refused: null };
    }),
  },
}).createMachine({
  id: 'wordEntry',
  context: ({ input }) => {
    const places = letterPlaces(input.word);
    let context: WordEntryContext = {
      tiles: [...input.word.tiles],
      filledBy: Array.from({ length: places }, () => null),
      locked: Array.from({ length: places }, () => false),
      fold: input.word.fold,
      refused: null,
    };
    for (const hint of input.hints) context = { ...context, ...reveal(context, hint) };
    return context;
  },
  initial: 'check',
  states: {
    check: { always: [{ guard: 'allFilled', target: 'complete' }, { target: 'editing' }] },
    editing: {
      on: {
        'tile.pick': { target: 'check', actions: 'pick' },
        'key.letter': { target: 'check', actions: 'type' },
        'entry.backspace': { target: 'check', actions: 'backspace' },
        'place.clear': { target: 'check', actions: 'clearPlace' },
        'entry.clear': { target: 'check', actions: 'clearAll' },
        'hint.revealed': { target: 'check', actions: 'reveal' },
      },
    },
    complete: {
      on: {
        'entry.backspace': { target: 'check', actions: 'backspace' },
        'place.clear': { target: 'check', actions: 'clearPlace' },
        'entry.clear': { target: 'check', actions: 'clearAll' },
        'hint.revealed': { target: 'check', actions: 'reveal' },
      },
    },
  },
});

/** The letters entered, in place order ('' for an empty place): what the player sees in the slots. */
export function enteredLetters(context: Pick<WordEntryContext, 'tiles' | 'filledBy'>): string[] {
  return context.filledBy.map((t) => (t === null ? '' : context.tiles[t]!));
}

/** The answer to submit: the entered letters in order (complete entries only). */
export function wordEntry(context: Pick<WordEntryContext, 'tiles' | 'filledBy'>): string {
  return enteredLetters(context).join('');
}
