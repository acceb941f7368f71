import { createActor, SimulatedClock } from 'xstate';
import { testPath } from '@/machines/testing/trace';
import { lifelinesMachine, type LifelinesEmitted, type LifelinesInput } from '@/machines/lifelines/lifelines.machine';
import { lifelinesModelPaths, ruleRefusal, type LifelinesModelEvent } from '@/machines/lifelines/lifelines.model';
import { pathRows, payloadOf } from '@/machines/testing/paths';
import type { Lifeline } from '@/services/domain/lifelines';
import type { CallOutcome, LifelineData, UseLifelinePayload } from '@/services/domain/play-session';
import { controllableActor, flushPromises } from '@/tests/fakes/controllable-actor';

const OFFERS = (['fifty_fifty', 'audience_poll', 'reset_timer', 'skip'] as const).map((key) => ({ key, cost: 10, available: true }));

const DATA: { [K in Lifeline]: LifelineData } = {
  fifty_fifty: { removed: ['a', 'd'], coins: 90 },
  audience_poll: { percentages: { a: 10, b: 60, c: 20, d: 10 }, coins: 90 },
  reset_timer: { time_left_ms: 30_000, coins: 90 },
  skip: { skipped: true, current_index: 1, time_left_ms: 30_000, finished: false, coins: 90 },
};

function start(input: Partial<LifelinesInput> = {}) {
  const server = controllableActor<CallOutcome<LifelineData>, UseLifelinePayload>();
  const actor = createActor(lifelinesMachine.provide({ actors: { useLifeline: server.logic } }), {
    clock: new SimulatedClock(),
    input: { sessionId: 's1', enabled: true, offers: OFFERS, question: { id: 1, type: 'multiple' }, ...input },
  });
  const heard: LifelinesEmitted[] = [];
  actor.on('*', (e) => heard.push(e));
  actor.start();
  const ask = (lifeline: Lifeline) => actor.send({ type: 'user.lifeline', lifeline });
  const grant = async () => {
    server.resolve({ ok: true, data: DATA[server.last().input.lifeline] });
    await flushPromises();
  };
  const refuse = async (code: string | null) => {
    server.resolve({ ok: false, code });
    await flushPromises();
  };
  return { actor, server, heard, ask, grant, refuse, context: () => actor.getSnapshot().context };
}

describe('the lifelines of a session', () => {
  test('ask the server for a lifeline the rules allow, with the session and the open question', () => {
    const { ask, server, actor } = start();
    ask('fifty_fifty');
    expect(actor.getSnapshot().value).toBe('requesting');
    expect(server.last().input).toEqual({ session_id: 's1', question_id: 1, lifeline: 'fifty_fifty' });
  });

  test('report a grant with what the server answered and mark the lifeline used', async () => {
    const { ask, grant, heard, actor, context } = start();
    ask('fifty_fifty');
    await grant();
    expect(actor.getSnapshot().matches({ ready: 'granted' })).toBe(true);
    expect(heard).toEqual([{ type: 'lifeline.granted', lifeline: 'fifty_fifty', data: DATA.fifty_fifty }]);
    expect(context().used).toEqual(['fifty_fifty']);
    expect(context().usedOnQuestion).toEqual(['fifty_fifty']);
  });

  test('report the server refusal with its code, and do not mark the lifeline used for lack of coins', async () => {
    const { ask, refuse, heard, context } = start();
    ask('skip');
    await refuse('not_enough_coins');
    expect(heard).toEqual([{ type: 'lifeline.refused', lifeline: 'skip', code: 'not_enough_coins' }]);
    expect(context().used).toEqual([]);
  });

  test('take the server at its word when it says a lifeline was already used', async () => {
    const { ask, refuse, context } = start();
    ask('reset_timer');
    await refuse('lifeline_used');
    expect(context().used).toEqual(['reset_timer']);
  });

  test('report a failed call as a refusal without a code', async () => {
    const { ask, server, heard } = start();
    ask('skip');
    server.reject(new Error('network'));
    await flushPromises();
    expect(heard).toEqual([{ type: 'lifeline.refused', lifeline: 'skip', code: null }]);
  });

  test('start with the lifelines the session says were used before a reload', () => {
    const { context } = start({ offers: OFFERS.map((o) => (o.key === 'skip' ? { ...o, available: false } : o)) });
    expect(context().used).toEqual(['skip']);
  });

  test('allow 50/50 on the next question after audience poll on this one', async () => {
    const { ask, grant, actor, server } = start();
    ask('audience_poll');
    await grant();
    actor.send({ type: 'play.question', question: { id: 2, type: 'multiple' } });
    ask('fifty_fifty');
    expect(server.calls).toHaveLength(2);
    expect(server.last().input).toEqual({ session_id: 's1', question_id: 2, lifeline: 'fifty_fifty' });
  });

  test('keep what was used on a question when told about the same question again', async () => {
    const { ask, grant, actor, context } = start();
    ask('fifty_fifty');
    await grant();
    actor.send({ type: 'play.question', question: { id: 1, type: 'multiple' } });
    expect(context().usedOnQuestion).toEqual(['fifty_fifty']);
  });

  test('start with what a reload says was used on the open question', () => {
    const { ask, server, heard } = start({ usedOnQuestion: ['audience_poll'] });
    ask('fifty_fifty');
    expect(server.calls).toHaveLength(0);
    expect(heard).toEqual([{ type: 'lifeline.refused', lifeline: 'fifty_fifty', code: 'lifeline_conflict' }]);
  });

  test('count an answer that arrives after the question changed for the question it was asked on', async () => {
    const { ask, grant, actor, context } = start();
    ask('fifty_fifty');
    actor.send({ type: 'play.question', question: { id: 2, type: 'multiple' } });
    await grant();
    expect(context().used).toEqual(['fifty_fifty']);
    expect(context().usedOnQuestion).toEqual([]);
  });
});

describe('the lifelines must not', () => {
  test('grant a second 50/50: the rules refuse it without asking the server', async () => {
    const { ask, grant, server, heard } = start();
    ask('fifty_fifty');
    await grant();
    ask('fifty_fifty');
    expect(server.calls).toHaveLength(1);
    expect(heard.at(-1)).toEqual({ type: 'lifeline.refused', lifeline: 'fifty_fifty', code: 'lifeline_used' });
  });

  test('grant audience poll after 50/50 on the same question', async () => {
    const { ask, grant, server, heard } = start();
    ask('fifty_fifty');
    await grant();
    ask('audience_poll');
    expect(server.calls).toHaveLength(1);
    expect(heard.at(-1)).toEqual({ type: 'lifeline.refused', lifeline: 'audience_poll', code: 'lifeline_conflict' });
  });

  test('grant 50/50 after audience poll on the same question', async () => {
    const { ask, grant, server, heard } = start();
    ask('audience_poll');
    await grant();
    ask('fifty_fifty');
    expect(server.calls).toHaveLength(1);
    expect(heard.at(-1)).toEqual({ type: 'lifeline.refused', lifeline: 'fifty_fifty', code: 'lifeline_conflict' });
  });

  test('offer 50/50 or audience poll on a true/false question', () => {
    const { ask, server, heard } = start({ question: { id: 1, type: 'boolean' } });
    ask('fifty_fifty');
    ask('audience_poll');
    expect(server.calls).toHaveLength(0);
    expect(heard.map((e) => e.type === 'lifeline.refused' && e.code)).toEqual(['lifeline_not_allowed', 'lifeline_not_allowed']);
  });

  test('offer any lifeline in a mode without lifelines', () => {
    const { ask, server, heard } = start({ enabled: false });
    for (const l of ['fifty_fifty', 'audience_poll', 'reset_timer', 'skip'] as const) ask(l);
    expect(server.calls).toHaveLength(0);
    expect(heard).toHaveLength(4);
  });

  test('send a second request while one is in flight', () => {
    const { ask, server, actor } = start();
    ask('reset_timer');
    ask('skip');
    expect(server.calls).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('requesting');
  });

  test('mark a lifeline used when the server refused it for lack of coins, so it can be tried again', async () => {
    const { ask, refuse, server } = start();
    ask('skip');
    await refuse('not_enough_coins');
    ask('skip');
    expect(server.calls).toHaveLength(2);
  });
});

describe('every path of the lifelines model', () => {
  const paths = lifelinesModelPaths();

  /** What each step of a path must report: a grant of the lifeline asked, or a refusal with its code. */
  function outcomes() {
    const seen = new Set<string>();
    for (const path of paths) {
      for (let i = 1; i < path.steps.length; i++) {
        const before = path.steps[i - 1]!.state;
        const { event, state } = path.steps[i]!;
        if (event.type === 'user.lifeline' && state.matches({ ready: 'refused' })) seen.add(`${event.lifeline} ${ruleRefusal(before.context, event.lifeline)}`);
        const requested = before.context.requested;
        if (event.type === 'api.granted') seen.add(`${requested} granted`);
        if (event.type === 'api.refused') seen.add(`${requested} ${event.code}`);
        if (event.type === 'api.failed') seen.add(`${requested} failed`);
      }
    }
    return seen;
  }

  test('covers every state, and each lifeline granted and refused for each reason', () => {
    const values = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    expect(values).toEqual(new Set([JSON.stringify({ ready: 'idle' }), JSON.stringify({ ready: 'granted' }), JSON.stringify({ ready: 'refused' }), '"requesting"']));
    const seen = outcomes();
    for (const l of ['fifty_fifty', 'audience_poll', 'reset_timer', 'skip']) {
      for (const outcome of ['granted', 'lifeline_used', 'not_enough_coins', 'failed']) expect(seen).toContain(`${l} ${outcome}`);
    }
    for (const l of ['fifty_fifty', 'audience_poll']) {
      expect(seen).toContain(`${l} lifeline_conflict`);
      expect(seen).toContain(`${l} lifeline_not_allowed`);
    }
  });

  test.each(pathRows('lifelines', 'default', paths))('%s', async (_name, path) => {
    const { actor, server, heard, ask, grant, refuse } = start();
    let questionId = 1;
    let before = path.steps[0]!.state;
    const payload = payloadOf<LifelinesModelEvent>();
    await testPath(path, {
      events: {
        'user.lifeline': (step) => {
          const event = payload(step);
          const heardBefore = heard.length;
          ask(event.lifeline);
          if (step.state.matches({ ready: 'refused' })) {
            expect(heard.slice(heardBefore)).toEqual([{ type: 'lifeline.refused', lifeline: event.lifeline, code: ruleRefusal(before.context, event.lifeline) }]);
          } else {
            expect(heard.length).toBe(heardBefore);
          }
        },
        'api.granted': async () => {
          await grant();
          expect(heard.at(-1)).toMatchObject({ type: 'lifeline.granted', lifeline: before.context.requested });
        },
        'api.refused': async (step) => {
          const event = payload(step);
          await refuse(event.code);
          expect(heard.at(-1)).toEqual({ type: 'lifeline.refused', lifeline: before.context.requested, code: event.code });
        },
        'api.failed': async () => {
          server.reject(new Error('network'));
          await flushPromises();
          expect(heard.at(-1)).toEqual({ type: 'lifeline.refused', lifeline: before.context.requested, code: null });
        },
        'play.question': (step) => {
          const event = payload(step);
          questionId += 1;
          actor.send({ type: 'play.question', question: { id: questionId, type: event.questionType, options: event.options ?? (event.questionType === 'boolean' ? 2 : 4) } });
        },
      },
      states: {
        '*': (expected) => {
          const snapshot = actor.getSnapshot();
          expect(snapshot.value).toEqual(expected.value);
          expect([...snapshot.context.used].sort()).toEqual([...expected.context.used].sort());
          expect(snapshot.context.usedOnQuestion.filter((l) => l === 'fifty_fifty' || l === 'audience_poll')).toEqual(
            expected.context.onQuestion ? [expected.context.onQuestion] : [],
          );
          expect(snapshot.context.question?.type).toBe(expected.context.questionType);
          expect(server.pending().map((c) => c.input.lifeline)).toEqual(expected.context.requested ? [expected.context.requested] : []);
          before = expected;
        },
      },
    });
  });
});
