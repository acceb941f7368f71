import { createActor } from 'xstate';
import { enteredLetters, wordEntry, wordEntryMachine, type WordEntryEvent } from '@/machines/word-entry/word-entry.machine';
import { MODEL_TILES, wordEntryModel, wordEntryModelPaths, type WordEntryModelEvent } from '@/machines/word-entry/word-entry.model';
import { sequenceAnswer, sequenceOrderMachine, type SequenceOrderEvent } from '@/machines/sequence-order/sequence-order.machine';
import { MODEL_ITEMS, sequenceOrderModelPaths, type SequenceModelEvent } from '@/machines/sequence-order/sequence-order.model';
import { pathRows } from '@/machines/testing/paths';
import { testPath } from '@/machines/testing/trace';
import type { OpenPlayRequest, PlayQuestion, WordHintReveal } from '@/services/domain/play-session';
import { createSequencePlace, createWordPlace } from '@/tests/fixtures/entry-places';
import { giveCoins } from '@/tests/fixtures/play';
import { createPlayerWithSession } from '@/tests/fixtures/users';
import { SOLO } from '@/tests/paths/rules/solo';
import { playUntil, quizPlayAgainst, type PlayActor } from '@/tests/paths/support/quiz-play-api';
import { testDbKind } from '@/tests/setup/db';
import { seededApiSuite } from '@/tests/setup/seeded-api';

/**
 * The entry machines' paths at the server's depth: every path of the word-entry and
 * sequence-order models runs on the real entry machine fed the question the real server served
 * (its tiles, its order, the letter its hint revealed), inside a real quiz-play machine whose
 * calls go through the API; a path that ends with an answer the screen would let the player send
 * sends it, and the server's grade must be the model's: right exactly when the model's entry is
 * the word (CAT) or its order the right one. The model paths at machine depth
 * (machines/word-entry, machines/sequence-order) check the same steps against fixed questions.
 *
 * What the server chooses is random (decoy tiles, the letter a hint reveals, the served order),
 * so each path is mapped onto what it served: a model tile is the server's tile of its letter,
 * the decoy X one of the server's decoys, a model item the item served in its place; a hint
 * reveals the server's letter, and the model is stepped with that letter. A word whose decoys
 * repeat one of C, A, T or show Q (the model's letter no tile shows) is passed over.
 */

const { api, db } = seededApiSuite();

const WORD = 'CAT';
const RIGHT_ORDER = 'b,c,a';
const settled = 10_000;

/**
 * The questions on the screen of one player's plays, handed out one at a time: a new play of the
 * place opens when one ends, and a question a path used up (answered, or given a hint) is
 * answered wrong to go on to the next.
 */
class Desk {
  private actor: PlayActor | null = null;
  private player: Promise<{ token: string }> | null = null;

  constructor(
    private readonly request: () => Promise<OpenPlayRequest>,
    private readonly wrongAnswer: (q: PlayQuestion) => string,
  ) {}

  /** The play and the question on screen for which `usable` holds, answering the others wrong. */
  async question(usable: (q: PlayQuestion) => boolean): Promise<{ play: PlayActor; question: PlayQuestion }> {
    for (let tries = 0; tries < 200; tries++) {
      const play = await this.open();
      const { session, index, hints } = play.getSnapshot().context;
      const question = session!.questions[index]!;
      if (hints.length === 0 && usable(question)) return { play, question };
      await this.pass();
    }
    throw new Error('no usable question in 200');
  }

  /** Goes on from the question on screen: answered wrong if it is still open. */
  async pass(): Promise<void> {
    const play = this.actor!;
    if (play.getSnapshot().matches({ playing: { question: 'answering' } })) {
      const { session, index } = play.getSnapshot().context;
      play.send({ type: 'user.answer', key: this.wrongAnswer(session!.questions[index]!) });
    }
    await playUntil(play, 'the answer graded', (s) => s.matches({ playing: 'feedback' }), settled);
    play.send({ type: 'user.next' });
    await playUntil(play, 'the next question or the result', (s) => s.matches('result') || s.matches({ playing: { question: 'answering' } }), settled);
  }

  private async open(): Promise<PlayActor> {
    if (this.actor && !this.actor.getSnapshot().matches('result')) return this.actor;
    this.actor?.stop();
    this.player ??= (async () => {
      const d = await db();
      const p = await createPlayerWithSession(d);
      await giveCoins(d, p.userId, 10_000);
      return p;
    })();
    const { token } = await this.player;
    this.actor = quizPlayAgainst(api, token, await this.request());
    await playUntil(this.actor, 'the play opens', (s) => s.matches({ playing: { question: 'answering' } }), settled);
    return this.actor;
  }

  stop() {
    this.actor?.stop();
  }
}

let wordPlace: Promise<{ subcategoryId: number }> | null = null;
const words = new Desk(
  async () => {
    wordPlace ??= db().then((d) => createWordPlace(d, WORD, 10));
    return { mode: 'guess_the_word', type: 'subcategory', type_id: (await wordPlace).subcategoryId };
  },
  () => 'DOG',
);
let sequencePlace: Promise<{ categorySlug: string; subcategorySlug: string }> | null = null;
const sequences = new Desk(
  async () => {
    sequencePlace ??= db().then((d) => createSequencePlace(d, RIGHT_ORDER, 10));
    const p = await sequencePlace;
    return { mode: 'multi_match', category: p.categorySlug, subcategory: p.subcategorySlug, level: 1 };
  },
  (q) => q.options.map((o) => o.key).join(','),
);
afterAll(() => {
  words.stop();
  sequences.stop();
});

/** Exactly one tile of each of the word's letters, and none showing the letter the model types that no tile shows. */
const cleanTiles = (q: PlayQuestion) => {
  const tiles = q.word?.tiles ?? [];
  return [...WORD].every((l) => tiles.filter((t) => t === l).length === 1) && !tiles.includes('Q') && tiles.some((t) => !WORD.includes(t));
};

describe(`guess the word's letter entry against the real server (${testDbKind})`, () => {
  const paths = wordEntryModelPaths();

  test.each(pathRows('word-entry', 'default', paths))('%s', async (_name, path) => {
    const { play, question } = await words.question(cleanTiles);
    const tiles = question.word!.tiles;
    expect(question.word!.slots).toEqual([null, null, null]);
    // A model tile is the server's tile of its letter; X is a decoy; a tile the model lacks is one the server lacks.
    const tileOf = (model: number) => {
      const letter = MODEL_TILES[model];
      if (letter === undefined) return tiles.length + model;
      return letter === 'X' ? tiles.findIndex((t) => !WORD.includes(t)) : tiles.indexOf(letter);
    };
    // The decoy the model calls X, in the server's letter.
    const decoy = tiles[tileOf(MODEL_TILES.indexOf('X'))]!;
    const asModel = (letters: readonly string[]) => letters.map((l) => (l === decoy ? 'X' : l));
    const entry = createActor(wordEntryMachine, { input: { word: question.word!, hints: [] } });
    entry.start();
    const model = createActor(wordEntryModel);
    model.start();
    let revealed: WordHintReveal | null = null;
    let used = false;
    let checked = 0;

    const send = (step: { event: { type: string } }) => {
      const e = step.event as WordEntryModelEvent;
      model.send(e);
      entry.send((e.type === 'tile.pick' ? { ...e, tile: tileOf(e.tile) } : e) as WordEntryEvent);
    };
    await testPath(path, {
      events: {
        'tile.pick': send,
        'key.letter': send,
        'entry.backspace': send,
        'place.clear': send,
        'entry.clear': send,
        // The hint is the server's: the first asks it for a letter (paid once), a later one is that letter told again (as after a reload).
        'hint.revealed': async () => {
          used = true;
          if (!revealed) {
            const coins = play.getSnapshot().context.coins;
            play.send({ type: 'user.hint' });
            await playUntil(play, 'the hint', (s) => s.matches({ playing: { question: 'answering' } }) && (s.context.hints.length > 0 || s.context.hintError !== null), settled);
            const c = play.getSnapshot().context;
            expect(c.hintError).toBeNull();
            revealed = c.hints[0]!;
            expect(revealed.letter).toBe(WORD[revealed.index]);
            expect(c.coins).toBe(coins! - SOLO.hintPrice);
          }
          model.send({ type: 'hint.revealed', hint: revealed });
          entry.send({ type: 'hint.revealed', hint: revealed });
        },
      },
      states: {
        '*': async () => {
          const expected = model.getSnapshot();
          const { value, context } = entry.getSnapshot();
          expect(value).toBe(expected.value);
          expect(asModel(enteredLetters(context))).toEqual(expected.context.places);
          expect(context.locked).toEqual(expected.context.locked);
          expect(context.refused).toBe(expected.context.refused);
          checked += 1;
          if (checked < path.steps.length) return;
          // The last step: a full entry is what the player may send; the server grades it as the model says.
          if (value === 'complete') {
            const sent = wordEntry(context);
            expect(asModel([...sent]).join('')).toBe(expected.context.places.join(''));
            play.send({ type: 'user.answer', key: sent });
            await playUntil(play, 'the grade', (s) => s.matches({ playing: 'feedback' }), settled);
            expect(play.getSnapshot().context.feedback).toMatchObject({ correct: sent === WORD });
            used = true;
          }
        },
      },
    });
    expect(checked).toBe(path.steps.length);
    entry.stop();
    model.stop();
    if (used) await words.pass();
  });
});

describe(`putting a sequence in order against the real server (${testDbKind})`, () => {
  const paths = sequenceOrderModelPaths();

  test.each(pathRows('sequence-order', 'default', paths))('%s', async (_name, path) => {
    const { play, question } = await sequences.question((q) => q.question_type === 'sequence');
    const served = question.options.map((o) => o.key);
    // The server never serves a sequence in its right order.
    expect(served.join(',')).not.toBe(RIGHT_ORDER);
    // A model item is the item served in its place; a key the model does not know stays unknown.
    const toServer = (key: string) => served[(MODEL_ITEMS as readonly string[]).indexOf(key)] ?? key;
    const toModel = (key: string) => MODEL_ITEMS[served.indexOf(key)] ?? key;
    const order = createActor(sequenceOrderMachine, { input: { order: served } });
    order.start();
    let checked = 0;

    const send = (step: { event: { type: string } }) => {
      const e = step.event as SequenceModelEvent;
      order.send(('key' in e && e.key !== undefined ? { ...e, key: toServer(e.key) } : e) as SequenceOrderEvent);
    };
    await testPath(path, {
      events: { 'item.grab': send, 'item.move': send, 'item.drop': send, 'item.cancel': send, 'item.place': send },
      states: {
        '*': async (expected) => {
          const { value, context } = order.getSnapshot();
          expect(value).toBe(expected.value);
          expect(context.order.map(toModel)).toEqual(expected.context.order);
          expect(context.held === null ? null : toModel(context.held)).toBe(expected.context.held);
          const a = context.announcement;
          expect(a && `${a.kind} ${toModel(a.key)} ${a.position}/${a.total}`).toBe(expected.context.said);
          checked += 1;
          if (checked < path.steps.length) return;
          // The last step: with nothing held the player may send the order; the server grades it as the model says.
          if (value === 'idle') {
            const sent = sequenceAnswer(context);
            expect(sent).toBe(expected.context.order.map(toServer).join(','));
            play.send({ type: 'user.answer', key: sent });
            await playUntil(play, 'the grade', (s) => s.matches({ playing: 'feedback' }), settled);
            expect(play.getSnapshot().context.feedback).toMatchObject({ correct: sent === RIGHT_ORDER });
            await sequences.pass();
          }
        },
      },
    });
    expect(checked).toBe(path.steps.length);
    order.stop();
  });
});
