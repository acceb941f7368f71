import { createActor, fromPromise } from 'xstate';
import type { CallOutcome } from '@/services/domain/play-session';
import type { AssignmentEntry, AssignmentPupilView, AssignmentStatus } from '@/services/domain/assignments';
import { assignmentMachine, type AssignmentInput, type AssignmentJoined } from '@/machines/assignment/assignment.machine';
import { allowedAttempts, assignmentModelPaths, gradesEach, QUESTIONS, type AssignmentModelConfig, type AssignmentModelContext, type AssignmentModelEvent } from '@/machines/assignment/assignment.model';
import { controllableCall, flushPromises } from '@/tests/fakes/controllable-actor';
import { pathRows } from '@/machines/testing/paths';
import { testPath } from '@/machines/testing/trace';

const TOKEN = 'token-token-token-token';
type Seat = { assignment_id: number; token: string };

/** The pupil's machine with its calls answered by hand. */
function start(input: AssignmentInput = {}) {
  const entry = controllableCall<CallOutcome<AssignmentEntry>, { pin: string }>();
  const join = controllableCall<CallOutcome<AssignmentJoined>, { pin: string; nickname?: string }>();
  const resume = controllableCall<CallOutcome<AssignmentJoined>, { pin: string; code: string }>();
  const load = controllableCall<CallOutcome<AssignmentPupilView>, Seat>();
  const begin = controllableCall<CallOutcome<AssignmentPupilView>, Seat>();
  const answer = controllableCall<CallOutcome<AssignmentPupilView>, Seat & { position: number; answer: string; screen_ms: number | null }>();
  const seats: string[] = [];
  const actor = createActor(
    assignmentMachine.provide({
      actors: {
        entry: fromPromise(({ input: i }) => entry.fn(i)),
        join: fromPromise(({ input: i }) => join.fn(i)),
        resume: fromPromise(({ input: i }) => resume.fn(i)),
        load: fromPromise(({ input: i }) => load.fn(i)),
        begin: fromPromise(({ input: i }) => begin.fn(i)),
        answer: fromPromise(({ input: i }) => answer.fn(i)),
      },
      actions: {
        keepSeat: ({ context }) => void seats.push(`keep ${context.assignmentId}:${context.token}`),
        forgetSeat: () => void seats.push('forget'),
      },
    }),
    { input },
  );
  actor.start();
  const state = () => {
    const v = actor.getSnapshot().value;
    return typeof v === 'string' ? v : `seated.${(v as { seated: string }).seated}`;
  };
  return { actor, entry, join, resume, load, begin, answer, seats, state, context: () => actor.getSnapshot().context };
}

/** A view of the fake server: an assignment of `QUESTIONS` questions. */
function viewOf(s: { status: AssignmentStatus; position: number | null; attempts: number; allowed: number; each: boolean; justAnswered?: boolean }): AssignmentPupilView {
  const running = s.position !== null && s.position < QUESTIONS;
  const finished = s.position !== null && !running;
  const grades = s.each || finished || s.status === 'closed';
  return {
    assignment: { id: 7, title: 'Homework', host: 'Ms Host', status: s.status, opens_at: 0, closes_at: 10 ** 13, question_count: QUESTIONS, attempts: s.allowed, show_answers: s.each ? 'each' : 'end', timer: 'question' },
    pupil: { id: 3, nickname: 'Ana', resume_code: 'ABCD2345', time_percent: 100 },
    attempt: s.position === null ? null : { number: s.attempts, finished, answered: s.position, score: grades ? 900 : null, correct: grades ? 1 : null },
    attempts_used: s.attempts,
    may_start: s.status === 'open' && !running && s.attempts < s.allowed,
    best_score: finished && grades ? 900 : null,
    question:
      running && s.status === 'open' && !s.justAnswered
        ? { position: s.position!, count: QUESTIONS, type: 'multiple', text: 'Which?', image: null, options: [{ key: 'a', text: 'A' }, { key: 'b', text: 'B' }], points: 1000, time_ms: 20_000, started_at: 1000, deadline_at: 21_000 }
        : null,
    last: s.justAnswered ? { position: (s.position ?? 1) - 1, answer: 'a', correct: grades ? true : null, points: grades ? 900 : null, bonus: grades ? 0 : null, right_answer: grades ? 'a' : null, options: [], type: 'multiple', text: 'Which?' } : null,
    review: [],
    now: 2000,
  };
}

const entryData: AssignmentEntry = { assignment_id: 7, title: 'Homework', host: 'Ms Host', status: 'open', opens_at: 0, closes_at: 10 ** 13, question_count: QUESTIONS, attempts: 1, timer: 'question', show_answers: 'end' };

describe('the pupil’s screen in an assignment', () => {
  test('PIN and nickname checked before any call; the link’s PIN asks at once; the seat kept on joining', async () => {
    const h = start();
    h.actor.send({ type: 'user.pin', pin: '12 3' });
    h.actor.send({ type: 'user.submit' });
    expect(h.context()).toMatchObject({ pin: '123', error: 'pin_required' });
    expect(h.entry.calls).toHaveLength(0);
    h.actor.send({ type: 'user.pin', pin: '123456' });
    h.actor.send({ type: 'user.submit' });
    expect(h.entry.last().input).toEqual({ pin: '123456' });
    h.entry.resolve({ ok: true, data: entryData });
    await flushPromises();
    h.actor.send({ type: 'user.nickname', nickname: 'A' });
    h.actor.send({ type: 'user.submit' });
    expect(h.context().error).toBe('nickname_invalid');
    // "Join as me" needs a signed-in player.
    h.actor.send({ type: 'user.join_as_me' });
    expect(h.state()).toBe('nickname');
    h.actor.send({ type: 'user.nickname', nickname: ' Ana ' });
    h.actor.send({ type: 'user.submit' });
    expect(h.join.last().input).toEqual({ pin: '123456', nickname: 'Ana' });
    h.join.resolve({ ok: true, data: { assignment_id: 7, token: TOKEN, view: viewOf({ status: 'open', position: null, attempts: 0, allowed: 1, each: false }) } });
    await flushPromises();
    expect(h.state()).toBe('seated.ready');
    expect(h.seats).toEqual([`keep 7:${TOKEN}`]);

    const linked = start({ pin: '654321' });
    expect(linked.state()).toBe('checking');
    expect(linked.entry.last().input).toEqual({ pin: '654321' });
  });

  test('an answer carries the question’s position and the screen’s time; time running out sends it unanswered', async () => {
    const h = start({ assignmentId: 7, token: TOKEN });
    expect(h.load.last().input).toEqual({ assignment_id: 7, token: TOKEN });
    h.load.resolve({ ok: true, data: viewOf({ status: 'open', position: 1, attempts: 1, allowed: 1, each: false }) });
    await flushPromises();
    expect(h.state()).toBe('seated.answering');
    // An empty pick is no answer; the countdown's end is.
    h.actor.send({ type: 'user.answer', answer: ' ', screenMs: 10 });
    expect(h.state()).toBe('seated.answering');
    h.actor.send({ type: 'user.answer', answer: 'b', screenMs: 4321 });
    expect(h.answer.last().input).toEqual({ assignment_id: 7, token: TOKEN, position: 1, answer: 'b', screen_ms: 4321 });
    h.answer.reject(new Error('offline'));
    await flushPromises();
    expect(h.context()).toMatchObject({ error: 'network' });
    expect(h.state()).toBe('seated.answering');
    h.actor.send({ type: 'timer.expired' });
    expect(h.answer.last().input).toEqual({ assignment_id: 7, token: TOKEN, position: 1, answer: '', screen_ms: null });
  });

  test('resuming with a code: checked before the call, sent without its dash', async () => {
    const h = start({ pin: '123456' });
    h.entry.resolve({ ok: true, data: entryData });
    await flushPromises();
    h.actor.send({ type: 'user.resume' });
    h.actor.send({ type: 'user.code', code: 'abcd-234' });
    h.actor.send({ type: 'user.submit' });
    expect(h.context().error).toBe('code_invalid');
    h.actor.send({ type: 'user.code', code: 'abcd-2345' });
    h.actor.send({ type: 'user.submit' });
    expect(h.resume.last().input).toEqual({ pin: '123456', code: 'ABCD2345' });
  });

  test('a call that throws instead of answering leaves the pupil where they can try again, saying the network failed', async () => {
    const h = start({ pin: '123456', name: 'Signed Sam' });
    h.entry.resolve({ ok: true, data: entryData });
    await flushPromises();
    h.actor.send({ type: 'user.nickname', nickname: 'Ana' });
    h.actor.send({ type: 'user.submit' });
    h.join.reject(new Error('offline'));
    await flushPromises();
    expect([h.state(), h.context().error]).toEqual(['nickname', 'network']);
    h.actor.send({ type: 'user.join_as_me' });
    expect(h.join.last().input).toEqual({ pin: '123456' });
    h.join.reject(new Error('offline'));
    await flushPromises();
    expect([h.state(), h.context().error]).toEqual(['nickname', 'network']);
    h.actor.send({ type: 'user.resume' });
    h.actor.send({ type: 'user.code', code: 'ABCD-2345' });
    h.actor.send({ type: 'user.submit' });
    h.resume.reject(new Error('offline'));
    await flushPromises();
    expect([h.state(), h.context().error]).toEqual(['code', 'network']);
    h.actor.send({ type: 'user.submit' });
    h.resume.resolve({ ok: true, data: { assignment_id: 7, token: TOKEN, view: viewOf({ status: 'open', position: null, attempts: 0, allowed: 1, each: false }) } });
    await flushPromises();
    h.load.resolve({ ok: true, data: viewOf({ status: 'open', position: null, attempts: 0, allowed: 1, each: false }) });
    await flushPromises();
    expect(h.state()).toBe('seated.ready');
    h.actor.send({ type: 'user.start' });
    h.begin.reject(new Error('offline'));
    await flushPromises();
    expect([h.state(), h.context().error]).toEqual(['seated.ready', 'network']);
    // A start refused without a code (the call never reached the server) stays ready too.
    h.actor.send({ type: 'user.start' });
    h.begin.resolve({ ok: false, code: null });
    await flushPromises();
    expect([h.state(), h.context().error]).toEqual(['seated.ready', 'network']);
  });

  for (const config of ['guest', 'signed_in', 'seat'] as const satisfies readonly AssignmentModelConfig[]) {
    const paths = assignmentModelPaths(config);
    test.each(pathRows('assignment', config, paths))('%s', async (_name, path) => {
      const h = start(config === 'seat' ? { assignmentId: 7, token: TOKEN } : config === 'signed_in' ? { name: 'Signed Sam' } : {});
      // The server's side, as the model's context says it.
      const server = { status: 'open' as AssignmentStatus, position: (config === 'seat' ? 1 : null) as number | null, attempts: config === 'seat' ? 1 : 0 };
      const view = (justAnswered = false) => viewOf({ ...server, allowed: allowedAttempts(config), each: gradesEach(config), justAnswered });
      const settle = async <T>(call: { resolve(v: T): void }, value: T) => {
        call.resolve(value);
        await flushPromises();
      };
      const user = (step: { event: { type: string } }) => {
        const e = step.event as AssignmentModelEvent;
        if (e.type === 'user.pin') h.actor.send({ type: 'user.pin', pin: e.pin === 'good' ? '123456' : '12' });
        else if (e.type === 'user.nickname') h.actor.send({ type: 'user.nickname', nickname: e.nickname === 'good' ? 'Ana' : 'A' });
        else if (e.type === 'user.code') h.actor.send({ type: 'user.code', code: e.code === 'good' ? 'ABCD-2345' : 'ABC' });
        else if (e.type === 'user.answer') h.actor.send({ type: 'user.answer', answer: 'a', screenMs: 3000 });
        else h.actor.send(e as never);
      };
      await testPath(path, {
        events: {
          'user.pin': user,
          'user.nickname': user,
          'user.code': user,
          'user.submit': user,
          'user.join_as_me': user,
          'user.resume': user,
          'user.back': user,
          'user.refresh': user,
          'user.start': user,
          'user.answer': user,
          'user.next': user,
          'timer.expired': user,
          'api.entry': () => settle(h.entry, { ok: true, data: entryData }),
          'api.entry_refused': (step: { event: { type: string } }) => settle(h.entry, { ok: false, code: (step.event as Extract<AssignmentModelEvent, { type: 'api.entry_refused' }>).code }),
          'api.entry_failed': async () => {
            h.entry.reject(new Error('offline'));
            await flushPromises();
          },
          'api.joined': (step: { event: { type: string } }) => {
            const e = step.event as Extract<AssignmentModelEvent, { type: 'api.joined' }>;
            Object.assign(server, { status: e.opens === 'later' ? 'scheduled' : 'open', position: null, attempts: 0 });
            return settle(h.join, { ok: true, data: { assignment_id: 7, token: TOKEN, view: view() } });
          },
          'api.join_refused': (step: { event: { type: string } }) => settle(h.join, { ok: false, code: (step.event as Extract<AssignmentModelEvent, { type: 'api.join_refused' }>).code }),
          'api.resumed': () => {
            Object.assign(server, { status: 'open', position: 1, attempts: 1 });
            return settle(h.resume, { ok: true, data: { assignment_id: 7, token: TOKEN, view: view() } });
          },
          'api.resume_refused': () => settle(h.resume, { ok: false, code: 'resume_code_unknown' }),
          'api.loaded': () => settle(h.load, { ok: true, data: view() }),
          'api.load_failed': async () => {
            h.load.reject(new Error('offline'));
            await flushPromises();
          },
          'api.seat_gone': () => settle(h.load, { ok: false, code: 'assignment_token_unknown' }),
          'timer.opened': () => {
            server.status = 'open';
            h.actor.send({ type: 'user.refresh' });
          },
          'api.started': () => {
            Object.assign(server, { position: 0, attempts: server.attempts + 1 });
            return settle(h.begin, { ok: true, data: view() });
          },
          'api.start_refused': () => {
            server.status = 'closed';
            return settle(h.begin, { ok: false, code: 'assignment_closed' });
          },
          'api.answered': () => {
            server.position = (server.position ?? 0) + 1;
            return settle(h.answer, { ok: true, data: view(true) });
          },
          'api.too_late': () => {
            server.position = (server.position ?? 0) + 1;
            return settle(h.answer, { ok: false, code: 'answer_too_late' });
          },
          'api.answer_failed': async () => {
            h.answer.reject(new Error('offline'));
            await flushPromises();
          },
        },
        states: {
          '*': (expected: { value: unknown; context: AssignmentModelContext }) => {
            const v = expected.value;
            expect(h.state()).toBe(typeof v === 'string' ? v : `seated.${(v as { seated: string }).seated}`);
            expect(h.context().error).toBe(expected.context.error);
          },
        },
      });
    });
  }
});
