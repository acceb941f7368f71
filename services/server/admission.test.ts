import { createAdmission } from '@/services/server/admission';

/**
 * A simulated event loop: `now` is a clock the requests advance by their cost, and the check phase
 * runs the callbacks scheduled before it began (those scheduled while it runs wait for the next
 * turn), as Node's setImmediate does.
 */
function loop() {
  let t = 0;
  let immediates: (() => void)[] = [];
  const started: string[] = [];
  const admission = createAdmission({
    budgetMs: 5,
    engageAfterMs: 50,
    now: () => t,
    schedule: (callback) => void immediates.push(callback),
  });
  return {
    admission,
    started,
    /** A request of `cost` ms arriving in the poll phase now. */
    arrive(name: string, cost: number) {
      admission.admit(() => {
        started.push(name);
        t += cost;
      });
    },
    checkPhase() {
      const now = immediates;
      immediates = [];
      for (const callback of now) callback();
    },
    /** Many requests in one poll phase, then the check phase. */
    turn(names: string[], cost: number) {
      for (const name of names) this.arrive(name, cost);
      this.checkPhase();
    },
  };
}

const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

test('disengaged, every request starts at once, even past the budget, while turns stay short of the engage mark', () => {
  const l = loop();
  l.turn(names('a', 9), 4); // 36 ms: over the 5 ms budget, under the 50 ms mark
  expect(l.started).toEqual(names('a', 9));
  expect(l.admission.engaged()).toBe(false);
  expect(l.admission.waiting()).toBe(0);
});

test('a turn past the mark engages it: the next turns start a budget of work each, first come first served', () => {
  const l = loop();
  l.turn(names('a', 30), 2); // 60 ms
  expect(l.started).toHaveLength(30);
  expect(l.admission.engaged()).toBe(true);

  // Next turn: 3 × 2 ms fit the 5 ms budget in the poll phase (the third starts at 4 ms), the rest wait.
  for (const name of names('b', 10)) l.arrive(name, 2);
  expect(l.started.slice(30)).toEqual(['b0', 'b1', 'b2']);
  expect(l.admission.waiting()).toBe(7);
  // The check phase serves the queue with a budget of its own: three more.
  l.checkPhase();
  expect(l.started.slice(30)).toEqual(names('b', 6));
  // A newcomer of the next poll phase queues behind the ones already waiting.
  l.arrive('late', 2);
  expect(l.started).not.toContain('late');
  l.checkPhase();
  expect(l.started.slice(30)).toEqual([...names('b', 9)]);
  l.checkPhase();
  expect(l.started.slice(30)).toEqual([...names('b', 10), 'late']);
  expect(l.admission.waiting()).toBe(0);
});

test('it lets go after a turn in which nobody had to wait', () => {
  const l = loop();
  l.turn(names('a', 30), 2);
  expect(l.admission.engaged()).toBe(true);
  l.turn(names('b', 10), 2); // held some back
  while (l.admission.waiting() > 0) l.checkPhase();
  expect(l.admission.engaged()).toBe(true);
  l.turn(['c0'], 1); // one small request, nothing held back
  expect(l.admission.engaged()).toBe(false);
  l.turn(names('d', 9), 4); // 36 ms again starts at once
  expect(l.started.slice(-9)).toEqual(names('d', 9));
});
