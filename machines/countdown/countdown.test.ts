import { createActor, setup, SimulatedClock, type Actor } from 'xstate';
import { pathRows } from '@/machines/testing/paths';
import { testPath } from '@/machines/testing/trace';
import { formatCountdown, secondsLeft } from '@/machines/countdown/countdown-format';
import { countdownMachine, ticker } from '@/machines/countdown/countdown.machine';
import { COUNTDOWN_MODEL_SECONDS, countdownModelPaths } from '@/machines/countdown/countdown.model';
import { failOnError } from '@/machines/testing/actor-errors';

function start(durationMs: number, intervalMs?: number) {
  const clock = new SimulatedClock();
  const actor = failOnError(createActor(countdownMachine, { clock, input: { durationMs, ...(intervalMs ? { intervalMs } : {}) } }));
  const expiries: number[] = [];
  actor.on('timer.expired', () => expiries.push(clock.now()));
  actor.start();
  // SimulatedClock jumps to the new time at once, so a repeating tick fires once per increment:
  // walk the clock a second at a time to watch it tick.
  const advance = (ms: number) => {
    for (let left = ms; left > 0; left -= 1000) clock.increment(Math.min(1000, left));
  };
  return { actor, clock, advance, expiries, remaining: () => actor.getSnapshot().context.remainingMs };
}

const scheduled = (actor: Actor<typeof countdownMachine>) => Object.keys(actor.system.getSnapshot()._scheduledEvents).length;

describe('the countdown clock text', () => {
  test('reads mm:ss', () => {
    expect(formatCountdown(30_000)).toBe('00:30');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(30 * 60_000)).toBe('30:00');
  });

  test('rounds up to the whole second, so it shows 00:00 only when the time is over', () => {
    expect(formatCountdown(400)).toBe('00:01');
    expect(secondsLeft(29_001)).toBe(30);
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5)).toBe('00:00');
    // More than a second over (a clock read late): still 00:00, not a negative second.
    expect(secondsLeft(-1500)).toBe(0);
    expect(formatCountdown(-1500)).toBe('00:00');
  });

  test('keeps counting minutes past an hour', () => {
    expect(formatCountdown(90 * 60_000)).toBe('90:00');
  });
});

describe('the countdown', () => {
  test('counts down once a second on the actor clock', () => {
    const { clock, advance, remaining, actor } = start(30_000);
    expect(actor.getSnapshot().value).toBe('running');
    clock.increment(1000);
    expect(remaining()).toBe(29_000);
    advance(10_000);
    expect(remaining()).toBe(19_000);
  });

  test('expires exactly when the time is over and says so once', () => {
    const { clock, actor, expiries } = start(3000);
    clock.increment(2999);
    expect(actor.getSnapshot().value).toBe('running');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().context.remainingMs).toBe(0);
    expect(expiries).toEqual([3000]);
  });

  test('aligns its first tick so that an uneven time still expires on time', () => {
    const { clock, remaining, expiries } = start(2400);
    clock.increment(400);
    expect(remaining()).toBe(2000);
    clock.increment(2000);
    expect(expiries).toEqual([2400]);
  });

  test('ticks at the interval it is given', () => {
    const { clock, remaining } = start(1000, 250);
    clock.increment(250);
    expect(remaining()).toBe(750);
  });

  test('an interval below 1 ms is refused for the usual second; 1 ms is kept', () => {
    for (const below of [-250, 0.5]) {
      const { clock, remaining } = start(3000, below);
      clock.increment(250);
      expect(remaining()).toBe(3000);
      clock.increment(750);
      expect(remaining()).toBe(2000);
    }
    const { clock, remaining } = start(3, 1);
    clock.increment(1);
    expect(remaining()).toBe(2);
  });

  test('pauses and resumes where it stood', () => {
    const { advance, clock, remaining, actor } = start(10_000);
    advance(3000);
    actor.send({ type: 'timer.pause' });
    clock.increment(60_000);
    expect(actor.getSnapshot().value).toBe('paused');
    expect(remaining()).toBe(7000);
    actor.send({ type: 'timer.resume' });
    clock.increment(7000);
    expect(actor.getSnapshot().value).toBe('expired');
  });

  test('resets to a new time and runs, also after it expired', () => {
    const { clock, remaining, actor, expiries } = start(1000);
    clock.increment(1000);
    actor.send({ type: 'timer.reset', ms: 5000 });
    expect(actor.getSnapshot().value).toBe('running');
    expect(remaining()).toBe(5000);
    clock.increment(5000);
    expect(expiries).toEqual([1000, 6000]);
  });

  test('reset while running starts the interval over', () => {
    const { clock, remaining, actor } = start(10_000);
    clock.increment(500);
    actor.send({ type: 'timer.reset', ms: 4000 });
    clock.increment(999);
    expect(remaining()).toBe(4000);
    clock.increment(1);
    expect(remaining()).toBe(3000);
  });

  test('starts expired when it is given no time', () => {
    const { actor, expiries } = start(0);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(expiries).toEqual([0]);
  });
});

describe('the countdown must not', () => {
  test('tick while paused', () => {
    const { clock, remaining, actor } = start(5000);
    actor.send({ type: 'timer.pause' });
    clock.increment(10_000);
    expect(remaining()).toBe(5000);
  });

  test('expire late when the clock jumps far ahead at once', () => {
    const { clock, actor, expiries } = start(30_000);
    clock.increment(45_000);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(expiries).toEqual([45_000]);
  });

  test('go below zero or say it expired twice', () => {
    const { advance, remaining, expiries } = start(2000);
    advance(60_000);
    expect(remaining()).toBe(0);
    expect(expiries).toHaveLength(1);
  });

  test('leave anything scheduled on the clock once paused, expired or stopped', () => {
    const a = start(5000);
    expect(scheduled(a.actor)).toBe(2);
    a.actor.send({ type: 'timer.pause' });
    expect(scheduled(a.actor)).toBe(0);
    const b = start(1000);
    b.clock.increment(1000);
    expect(scheduled(b.actor)).toBe(0);
    const c = start(5000);
    c.actor.stop();
    expect(scheduled(c.actor)).toBe(0);
  });

  test('resume from expired without a reset', () => {
    const { clock, actor } = start(1000);
    clock.increment(1000);
    actor.send({ type: 'timer.resume' });
    expect(actor.getSnapshot().value).toBe('expired');
  });

  test('use the wall clock: without the simulated clock moving, nothing happens', async () => {
    const { remaining } = start(1000);
    await new Promise((r) => setTimeout(r, 30));
    expect(remaining()).toBe(1000);
  });
});

/** The ticker under a parent that only records its ticks (the countdown would stop it at the end). */
function tickerAlone(remainingMs: number, intervalMs: number) {
  const clock = new SimulatedClock();
  const ticks: [at: number, elapsedMs: number][] = [];
  const recorder = setup({ types: { events: {} as { type: 'timer.tick'; elapsedMs: number } }, actors: { ticker } }).createMachine({
    invoke: { src: 'ticker', input: { remainingMs, intervalMs } },
    on: { 'timer.tick': { actions: ({ event }) => ticks.push([clock.now(), event.elapsedMs]) } },
  });
  const actor = failOnError(createActor(recorder, { clock }));
  actor.start();
  const walk = (until: number, step: number) => {
    while (clock.now() < until) clock.increment(step);
  };
  return { actor, clock, ticks, walk };
}

describe('the ticker', () => {
  test('ticks on whole intervals of what is left, then once at the end with the rest, and never after', () => {
    const t = tickerAlone(2500, 1000);
    t.walk(6000, 100);
    expect(t.ticks).toEqual([
      [500, 500],
      [1500, 1000],
      [2500, 1000],
    ]);
  });

  test('its ticks add up to the time it was given when the clock jumps past the end at once, and nothing is left scheduled', () => {
    const t = tickerAlone(2500, 1000);
    t.clock.increment(700);
    t.clock.increment(10_000);
    // The tick that was due at 1,700 ms comes late with its interval; the end brings the rest.
    expect(t.ticks).toEqual([
      [700, 500],
      [10_700, 1000],
      [10_700, 1000],
    ]);
    expect(Object.keys(t.actor.system.getSnapshot()._scheduledEvents)).toEqual([]);
  });

  test('stopping it leaves nothing scheduled', () => {
    const t = tickerAlone(5000, 1000);
    expect(Object.keys(t.actor.system.getSnapshot()._scheduledEvents)).toHaveLength(2);
    t.actor.stop();
    expect(Object.keys(t.actor.system.getSnapshot()._scheduledEvents)).toEqual([]);
    t.clock.increment(10_000);
    expect(t.ticks).toEqual([]);
  });
});

describe('every path of the countdown model', () => {
  const paths = countdownModelPaths();

  test('covers every state of the model', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...reached].sort()).toEqual(['expired', 'paused', 'running']);
  });

  test.each(pathRows('countdown', 'default', paths))('%s', async (_name, path) => {
    const { actor, clock, expiries, remaining } = start(COUNTDOWN_MODEL_SECONDS * 1000);
    let expected = 0;
    await testPath(path, {
      events: {
        'timer.tick': (step) => {
          clock.increment(1000);
          if (step.state.matches('expired')) expected += 1;
        },
        'timer.expired': () => {
          clock.increment(remaining());
          expected += 1;
        },
        'timer.wait': () => clock.increment(10_000),
        'timer.pause': () => actor.send({ type: 'timer.pause' }),
        'timer.resume': () => actor.send({ type: 'timer.resume' }),
        'timer.reset': () => actor.send({ type: 'timer.reset', ms: COUNTDOWN_MODEL_SECONDS * 1000 }),
      },
      states: {
        '*': (state) => {
          expect(actor.getSnapshot().value).toBe(state.value);
          expect(remaining()).toBe(state.context.seconds * 1000);
          expect(expiries).toHaveLength(expected);
        },
      },
    });
  });
});
