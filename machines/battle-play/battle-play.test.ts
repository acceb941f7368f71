import { createActor, SimulatedClock } from 'xstate';
import { battlePlayMachine, type PlayDocNotice } from '@/machines/battle-play/battle-play.machine';
import { playStep, revealedQuestion, roomPhase, type RoomCall, type SubmitRoomAnswerPayload } from '@/machines/battle-play/battle-room';
import { REVEAL_PAUSE_MS } from '@/services/domain/rooms';
import { controllableActor, flushPromises } from '@/tests/fakes/controllable-actor';
import { fakeRoomServer, ME, OTHERS, QUESTION_MS, rightKey, wrongKey } from '@/tests/paths/battle-room-server';

const GRACE = OTHERS[0]!;

/** A started random room against Grace, and the play child following it from `now`. */
function startPlay(options: { at?: 'before_open' | 'open' } = {}) {
  const clock = new SimulatedClock();
  const server = fakeRoomServer(clock);
  server.ops.openSearch();
  server.ops.join(GRACE, { publish: false });
  server.ops.start();
  const opensAt = Date.parse(server.ops.room().questions[0]!.opens_at);
  if (options.at === 'open') clock.increment(opensAt - server.now());
  const submit = controllableActor<RoomCall, SubmitRoomAnswerPayload>();
  const notices: PlayDocNotice[] = [];
  const actor = createActor(battlePlayMachine.provide({ actors: { submitAnswer: submit.logic } }), {
    clock,
    input: { doc: server.ops.room(), now: server.now(), userId: ME.user_id },
  });
  actor.on('play.doc', (e) => notices.push({ doc: e.doc, now: e.now }));
  actor.start();
  const snapshot = () => actor.getSnapshot();
  const countdown = () => snapshot().children.countdown?.getSnapshot();
  /** The room changed on the server: the parent forwards the document with the server's time. */
  const deliver = () => actor.send({ type: 'room.updated', doc: server.ops.room(), serverNow: server.now() });
  const answerOk = async () => {
    server.ops.answer(ME.user_id, submit.last().input.answer);
    submit.resolve({ ok: true, data: { room: server.ops.room() } });
    await flushPromises();
  };
  const refuse = async (code: string | null) => {
    submit.resolve({ ok: false, code });
    await flushPromises();
  };
  return { clock, server, submit, actor, snapshot, countdown, deliver, answerOk, refuse, notices, opensAt };
}

describe('reading a started room', () => {
  test('shows the reveal (or "get ready") until a question opens, then the question', () => {
    const p = startPlay();
    expect(p.snapshot().value).toBe('reveal');
    expect(revealedQuestion(p.server.ops.room())).toBeNull();
    p.clock.increment(REVEAL_PAUSE_MS - 1);
    expect(p.snapshot().value).toBe('reveal');
    p.clock.increment(1);
    expect(p.snapshot().value).toEqual({ round: 'question' });
    expect(p.countdown()?.context.remainingMs).toBe(QUESTION_MS);
  });

  test('follows the server\'s deadline when a document says more time passed (a throttled tab)', () => {
    const p = startPlay({ at: 'open' });
    p.clock.increment(12_000);
    p.server.ops.message(GRACE.user_id, 'hello');
    p.actor.send({ type: 'room.updated', doc: p.server.ops.room(), serverNow: p.server.now() + 5000 });
    expect(p.countdown()?.context.remainingMs).toBe(QUESTION_MS - 17_000);
  });

  test('a question whose time is over by the server\'s clock is time\'s up at once', () => {
    const clock = new SimulatedClock();
    const server = fakeRoomServer(clock);
    server.ops.openSearch();
    server.ops.join(GRACE, { publish: false });
    server.ops.start();
    const deadline = Date.parse(server.ops.room().questions[0]!.deadline_at);
    const actor = createActor(battlePlayMachine, { clock, input: { doc: server.ops.room(), now: deadline + 1, userId: ME.user_id } }).start();
    expect(actor.getSnapshot().value).toBe('timeUp');
  });

  test('the step and phase functions read the document as the machines do', () => {
    const p = startPlay({ at: 'open' });
    const facts = { doc: p.server.ops.room(), now: p.server.now(), userId: ME.user_id, acceptedIndex: null, lateIndex: null };
    expect(playStep(facts)).toBe('question');
    expect(playStep({ ...facts, lateIndex: 0 })).toBe('timeUp');
    expect(playStep({ ...facts, acceptedIndex: 0 })).toBe('answered');
    expect(playStep({ ...facts, now: facts.now + QUESTION_MS })).toBe('timeUp');
    expect(roomPhase(facts.doc, ME.user_id, facts.now)).toBe('playing');
    expect(roomPhase(facts.doc, 999, facts.now)).toBe('unavailable');
  });
});

describe('answering', () => {
  test('sends the chosen letter for the open question, once', () => {
    const p = startPlay({ at: 'open' });
    p.actor.send({ type: 'user.answer', key: 'z' });
    expect(p.submit.calls).toHaveLength(0);
    p.actor.send({ type: 'user.answer', key: rightKey(0) });
    p.actor.send({ type: 'user.answer', key: wrongKey(0) });
    expect(p.submit.calls.map((c) => c.input)).toEqual([{ room_id: 'room_1', question_index: 0, answer: rightKey(0) }]);
    expect(p.snapshot().context.answer).toBe(rightKey(0));
  });

  test('takes no answer before the question opens', () => {
    const p = startPlay();
    p.actor.send({ type: 'user.answer', key: rightKey(0) });
    expect(p.submit.calls).toHaveLength(0);
  });

  test('waits for the others once the answer is in, and tells the parent the new document', async () => {
    const p = startPlay({ at: 'open' });
    p.actor.send({ type: 'user.answer', key: rightKey(0) });
    await p.answerOk();
    expect(p.snapshot().value).toEqual({ round: 'answered' });
    expect(p.notices.at(-1)?.doc.version).toBe(p.server.ops.room().version);
    p.actor.send({ type: 'user.answer', key: wrongKey(0) });
    expect(p.submit.calls).toHaveLength(1);
  });

  test('reveals the right answer and everyone\'s picks when the question closes, then opens the next', async () => {
    const p = startPlay({ at: 'open' });
    p.actor.send({ type: 'user.answer', key: rightKey(0) });
    await p.answerOk();
    p.server.ops.answer(GRACE.user_id, wrongKey(0));
    p.deliver();
    expect(p.snapshot().value).toBe('reveal');
    const shown = revealedQuestion(p.snapshot().context.doc)!;
    expect(shown.correct_answer).toBe(rightKey(0));
    expect(shown.answers.map((a) => [a.user_id, a.answer, a.correct])).toEqual([
      [ME.user_id, rightKey(0), true],
      [GRACE.user_id, wrongKey(0), false],
    ]);
    p.clock.increment(REVEAL_PAUSE_MS);
    expect(p.snapshot().value).toEqual({ round: 'question' });
    expect(p.countdown()?.context.remainingMs).toBe(QUESTION_MS);
    expect(p.notices.at(-1)?.now).toBe(Date.parse(p.server.ops.room().questions[1]!.opens_at));
  });

  test('"time\'s up" when the clock runs out without an answer; the close then reveals', () => {
    const p = startPlay({ at: 'open' });
    p.clock.increment(QUESTION_MS);
    expect(p.snapshot().value).toBe('timeUp');
    p.actor.send({ type: 'user.answer', key: rightKey(0) });
    expect(p.submit.calls).toHaveLength(0);
    p.server.ops.close();
    p.deliver();
    expect(p.snapshot().value).toBe('reveal');
  });

  test('"time\'s up" when the server refuses the answer as late or the question as closed', async () => {
    for (const code of ['answer_too_late', 'question_not_open']) {
      const p = startPlay({ at: 'open' });
      p.actor.send({ type: 'user.answer', key: rightKey(0) });
      await p.refuse(code);
      expect(p.snapshot().value).toBe('timeUp');
      expect(p.snapshot().context.lateIndex).toBe(0);
    }
  });

  test('counts an answer the server already had as answered', async () => {
    const p = startPlay({ at: 'open' });
    p.actor.send({ type: 'user.answer', key: rightKey(0) });
    await p.refuse('already_answered');
    expect(p.snapshot().value).toEqual({ round: 'answered' });
  });

  test('lets the player answer again when the answer could not be sent, and says why meanwhile', async () => {
    const p = startPlay({ at: 'open' });
    p.actor.send({ type: 'user.answer', key: rightKey(0) });
    await p.refuse(null);
    expect(p.snapshot().value).toEqual({ round: 'question' });
    expect(p.snapshot().context.submitError).toEqual({ code: null });
    p.submit.calls.length = 0;
    p.actor.send({ type: 'user.answer', key: wrongKey(0) });
    expect(p.submit.calls).toHaveLength(1);
    expect(p.snapshot().context.submitError).toBeNull();
  });

  test('keeps the clock running while an answer is sent: taken in time it counts, the close follows', async () => {
    const p = startPlay({ at: 'open' });
    p.actor.send({ type: 'user.answer', key: rightKey(0) });
    p.clock.increment(QUESTION_MS);
    expect(p.snapshot().value).toEqual({ round: 'submitting' });
    await p.answerOk();
    expect(p.snapshot().value).toEqual({ round: 'answered' });
  });

  test('a failed answer after the clock ran out is time\'s up', async () => {
    const p = startPlay({ at: 'open' });
    p.actor.send({ type: 'user.answer', key: rightKey(0) });
    p.clock.increment(QUESTION_MS);
    await p.refuse(null);
    expect(p.snapshot().value).toBe('timeUp');
  });
});

describe('documents', () => {
  test('drops a document no newer than the one held', async () => {
    const p = startPlay({ at: 'open' });
    const old = p.server.ops.room();
    p.actor.send({ type: 'user.answer', key: rightKey(0) });
    await p.answerOk();
    p.actor.send({ type: 'room.updated', doc: old, serverNow: p.server.now() });
    expect(p.snapshot().context.doc.version).toBe(old.version + 1);
    expect(p.snapshot().value).toEqual({ round: 'answered' });
  });

  test('catches up with a question it never saw open (a missed close)', () => {
    const p = startPlay({ at: 'open' });
    p.clock.increment(5000);
    p.server.ops.close();
    p.clock.increment(REVEAL_PAUSE_MS + 1000);
    p.deliver();
    expect(p.snapshot().value).toEqual({ round: 'question' });
    expect(p.snapshot().context.doc.current_index).toBe(1);
    expect(p.countdown()?.context.remainingMs).toBe(QUESTION_MS - 1000);
  });

  test('leaves nothing scheduled behind when stopped', () => {
    const p = startPlay({ at: 'open' });
    p.actor.stop();
    expect(Object.keys(p.actor.system.getSnapshot()._scheduledEvents)).toHaveLength(0);
  });
});
