import { applyRoomDelta, deltaApplies, roomDelta, type RoomDelta } from '@/services/domain/room-events';
import { ROOM_MESSAGES_KEPT, type RoomDocument, type RoomPlayer, type RoomQuestion } from '@/services/domain/rooms';

const at = (s: number) => new Date(Date.UTC(2026, 10, 25, 20, 0, s)).toISOString();

function player(userId: number, seat: number, extra: Partial<RoomPlayer> = {}): RoomPlayer {
  return { user_id: userId, name: `P${userId}`, image: null, is_bot: false, seat, ready: seat === 0, points: 0, correct: 0, answered: 0, connected: true, grace_until: null, left: false, ...extra };
}

function question(index: number, userIds: number[]): RoomQuestion {
  return {
    index,
    id: 100 + index,
    question: `Question ${index}?`,
    question_type: 'multiple',
    image: null,
    options: ['a', 'b', 'c', 'd'].map((key) => ({ key, text: `${key} of ${index}` })),
    opens_at: at(10 * index),
    deadline_at: at(10 * index + 15),
    closed: false,
    correct_answer: null,
    answers: userIds.map((user_id) => ({ user_id, answered: false, answer: null, correct: null, points: null, elapsed_ms: null })),
  };
}

const lobby: RoomDocument = {
  id: 'r_test',
  version: 1,
  type: 'group',
  status: 'waiting',
  code: 'ABC234',
  created_by: 1,
  language_id: 1,
  category: null,
  category_name: null,
  entry_fee: 5,
  no_of_que: 3,
  seconds_per_question: 15,
  max_players: 4,
  vs_bot: false,
  search_deadline_at: null,
  players: [player(1, 0)],
  questions: [],
  current_index: 0,
  messages: [],
  result: null,
  created_at: at(0),
  updated_at: at(0),
};

/** The next version: `change` edits a copy, as the room service's commands edit a draft. */
function next(doc: RoomDocument, change: (d: RoomDocument & Record<string, unknown>) => void, s = doc.version): RoomDocument {
  const copy = JSON.parse(JSON.stringify(doc)) as RoomDocument & Record<string, unknown>;
  change(copy);
  return { ...copy, version: doc.version + 1, updated_at: at(s + 1) };
}

/** The delta from prev to cur, checked: its fold is cur, byte for byte. */
function delta(prev: RoomDocument, cur: RoomDocument): RoomDelta {
  const d = roomDelta(prev, cur);
  expect(JSON.stringify(applyRoomDelta(prev, d))).toBe(JSON.stringify(cur));
  return d;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends readonly (infer U)[] ? Mutable<U>[] : T[K] extends object | null ? Mutable<NonNullable<T[K]>> : T[K] };
const m = <T>(x: T) => x as Mutable<T>;

describe('room deltas', () => {
  test('a battle from the lobby to the result: each version is a small delta whose fold is the next document exactly', () => {
    const versions: RoomDocument[] = [lobby];
    const push = (change: (d: Mutable<RoomDocument>) => void) => versions.push(next(versions.at(-1)!, (d) => change(m(d))));
    push((d) => d.players.push(m(player(3, 2))));
    push((d) => d.players.splice(1, 0, m(player(2, 1))));
    push((d) => (d.players[1]!.ready = true));
    push((d) => (d.players[2]!.ready = true));
    push((d) => {
      m(d).status = 'started';
      d.questions.push(m(question(0, [1, 2, 3])));
    });
    push((d) => {
      d.questions[0]!.answers[1]!.answered = true;
      d.players[1]!.answered = 1;
    });
    push((d) => d.messages.push({ user_id: 2, key: 'good_luck', at: at(3) }));
    push((d) => {
      d.players[0]!.connected = false;
      d.players[0]!.grace_until = at(20);
    });
    push((d) => {
      d.players[0]!.connected = true;
      d.players[0]!.grace_until = null;
    });
    push((d) => {
      const q = d.questions[0]!;
      q.closed = true;
      q.correct_answer = 'b';
      q.answers = [
        { user_id: 1, answered: true, answer: 'b', correct: true, points: 6, elapsed_ms: 1200 },
        { user_id: 2, answered: true, answer: 'a', correct: false, points: 0, elapsed_ms: 900 },
        { user_id: 3, answered: true, answer: 'b', correct: true, points: 5, elapsed_ms: 3000 },
      ];
      for (const p of d.players) p.answered = 1;
      d.players[0]!.points = 6;
      d.players[0]!.correct = 1;
      d.players[2]!.points = 5;
      d.players[2]!.correct = 1;
      d.current_index = 1;
    });
    push((d) => d.questions.push(m(question(1, [1, 2, 3]))));
    push((d) => {
      d.players[1]!.left = true;
      d.players[1]!.grace_until = null;
    });
    push((d) => {
      d.status = 'finished';
      d.result = { winners: [1], reason: 'completed', entries: [] };
    });

    const kinds: string[][] = [];
    for (let i = 1; i < versions.length; i += 1) kinds.push(delta(versions[i - 1]!, versions[i]!).events.map((e) => e.t));
    expect(kinds).toEqual([
      ['joined'],
      ['joined'],
      ['ready'],
      ['ready'],
      ['room', 'opened'],
      ['scored', 'answered'],
      ['message'],
      ['dropped'],
      ['back'],
      // Member 2 had answered already and scored nothing: unchanged, no event.
      ['room', 'scored', 'scored', 'closed'],
      ['opened'],
      ['left'],
      ['room', 'finished'],
    ]);
  });

  test('a delta stays small as the battle goes on: the last question costs what the first did', () => {
    let doc = next(lobby, (d) => {
      m(d).status = 'started';
      m(d).players.push(m(player(2, 1, { ready: true })));
    });
    const sizes: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const opened = next(doc, (d) => m(d).questions.push(m(question(i, [1, 2]))));
      const answered = next(opened, (d) => {
        m(d).questions[i]!.answers[0]!.answered = true;
        m(d).players[0]!.answered = i + 1;
      });
      sizes.push(JSON.stringify(delta(opened, answered)).length);
      delta(doc, opened);
      doc = answered;
    }
    expect(JSON.stringify(doc).length).toBeGreaterThan(8 * sizes[0]!);
    expect(sizes.at(-1)! - sizes[0]!).toBeLessThanOrEqual(4);
    expect(sizes[0]).toBeLessThan(250);
  });

  test('messages past the kept number: one event per new message, the oldest dropped by the fold', () => {
    let doc = lobby;
    for (let i = 0; i < ROOM_MESSAGES_KEPT + 3; i += 1) {
      const cur = next(doc, (d) => m(d).messages.push({ user_id: 1, key: 'wow', at: at(i) }));
      if (cur.messages.length > ROOM_MESSAGES_KEPT) m(cur).messages.shift();
      expect(delta(doc, cur).events).toEqual([{ t: 'message', message: { user_id: 1, key: 'wow', at: at(i) } }]);
      doc = cur;
    }
    expect(doc.messages).toHaveLength(ROOM_MESSAGES_KEPT);
  });

  test('what the named events do not describe still folds exactly (the question or the members whole)', () => {
    const started = next(lobby, (d) => {
      m(d).status = 'started';
      m(d).players.push(m(player(2, 1)));
      m(d).questions.push(m(question(0, [1, 2])));
    });
    const edited = next(started, (d) => (m(d).questions[0]!.question = 'Reworded?'));
    expect(delta(started, edited).events.map((e) => e.t)).toEqual(['question']);
    const reseated = next(started, (d) => {
      m(d).players[0]!.seat = 1;
      m(d).players[1]!.seat = 0;
    });
    delta(started, reseated);
  });

  test('a delta applies only to the version right before it', () => {
    const v2 = next(lobby, (d) => m(d).players.push(m(player(2, 1))));
    const v3 = next(v2, (d) => (m(d).players[1]!.ready = true));
    const d3 = roomDelta(v2, v3);
    expect(deltaApplies(v2, d3)).toBe(true);
    expect(deltaApplies(lobby, d3)).toBe(false);
    expect(deltaApplies(v3, d3)).toBe(false);
    expect(deltaApplies(null, d3)).toBe(false);
    expect(() => applyRoomDelta(lobby, d3)).toThrow('version 3 does not follow r_test version 1');
    expect(() => roomDelta(lobby, v3)).toThrow('no delta from version 1 to 3');
  });

  test('a delta never carries what the document does not show: no answer of an open question', () => {
    const started = next(lobby, (d) => {
      m(d).status = 'started';
      m(d).players.push(m(player(2, 1)));
      m(d).questions.push(m(question(0, [1, 2])));
    });
    const answered = next(started, (d) => {
      m(d).questions[0]!.answers[0]!.answered = true;
      m(d).players[0]!.answered = 1;
    });
    const text = JSON.stringify(roomDelta(started, answered));
    expect(text).not.toMatch(/"answer":"[a-d]"/);
    expect(text).not.toContain('correct_answer');
  });
});

describe('room deltas: the tightest event for each change, and the changes no event describes', () => {
  const two = next(lobby, (d) => m(d).players.push(m(player(2, 1))));
  const started = next(two, (d) => {
    m(d).status = 'started';
    m(d).players.push(m(player(3, 2, { ready: true })));
    m(d).questions.push(m(question(0, [1, 2, 3])));
  });
  const kinds = (prev: RoomDocument, cur: RoomDocument) => delta(prev, cur).events.map((e) => e.t);

  test('a delta follows only a document of the same room', () => {
    const d3 = roomDelta(two, next(two, (d) => (m(d).players[1]!.ready = true)));
    expect(deltaApplies({ ...two, id: 'r_other' }, d3)).toBe(false);
    expect(() => roomDelta(two, { ...next(two, () => undefined), id: 'r_other' })).toThrow('no delta from version 2 to 3');
    expect(() => roomDelta(started, { ...next(started, () => undefined), questions: [] })).toThrow('a room never hides a question it has shown');
  });

  test('events about a question that is not shown are refused by the fold', () => {
    const base = { id: two.id, version: two.version + 1, updated_at: at(9) };
    expect(() => applyRoomDelta(two, { ...base, events: [{ t: 'answered', index: 4, user_ids: [1] }] })).toThrow('room r_test: answered on question 4, which is not shown');
    expect(() => applyRoomDelta(two, { ...base, events: [{ t: 'closed', index: 4, correct_answer: 'a', answers: [] }] })).toThrow('room r_test: question 4 closed but is not shown');
  });

  test('a member joining again replaces their seat; a member leaving the lobby is removed', () => {
    const rejoined = applyRoomDelta(two, { id: two.id, version: 3, updated_at: at(9), events: [{ t: 'joined', player: player(2, 1, { name: 'Again' }) }] });
    expect(rejoined.players.map((p) => [p.user_id, p.name])).toEqual([
      [1, 'P1'],
      [2, 'Again'],
    ]);
    const gone = next(two, (d) => m(d).players.splice(1, 1));
    expect(delta(two, gone).events).toEqual([{ t: 'removed', user_id: 2 }]);
  });

  test('a member: ready alone is "ready"; ready with points, or a name, is "member"; points, counts alone are "scored"', () => {
    expect(kinds(two, next(two, (d) => (m(d).players[1]!.ready = true)))).toEqual(['ready']);
    expect(
      kinds(
        two,
        next(two, (d) => {
          m(d).players[1]!.ready = true;
          m(d).players[1]!.points = 3;
        }),
      ),
    ).toEqual(['member']);
    expect(kinds(two, next(two, (d) => (m(d).players[1]!.name = 'Renamed')))).toEqual(['member']);
    expect(
      kinds(
        two,
        next(two, (d) => {
          m(d).players[1]!.name = 'Renamed';
          m(d).players[1]!.points = 3;
        }),
      ),
    ).toEqual(['member']);
    expect(kinds(two, next(two, (d) => (m(d).players[1]!.points = 3)))).toEqual(['scored']);
  });

  test('members in a new order are sent whole', () => {
    const reseated = next(started, (d) => {
      m(d).players[0]!.seat = 1;
      m(d).players[1]!.seat = 0;
      m(d).players.reverse();
    });
    expect(kinds(started, reseated)).toEqual(['players']);
  });

  test('answers: each new one names only who answered, several at once too', () => {
    const first = next(started, (d) => (m(d).questions[0]!.answers[1]!.answered = true));
    expect(delta(started, first).events).toEqual([{ t: 'answered', index: 0, user_ids: [2] }]);
    const both = next(first, (d) => {
      m(d).questions[0]!.answers[0]!.answered = true;
      m(d).questions[0]!.answers[2]!.answered = true;
    });
    expect(delta(first, both).events).toEqual([{ t: 'answered', index: 0, user_ids: [1, 3] }]);
  });

  test('a question reworded as it closes, a member added to its answers, or a key shown while open: the question whole', () => {
    const reworded = next(started, (d) => {
      const q = m(d).questions[0]!;
      q.question = 'Reworded?';
      q.closed = true;
      q.correct_answer = 'b';
    });
    expect(kinds(started, reworded)).toEqual(['question']);
    const added = next(started, (d) => m(d).questions[0]!.answers.push({ user_id: 9, answered: false, answer: null, correct: null, points: null, elapsed_ms: null }));
    expect(kinds(started, added)).toEqual(['question']);
    const keyed = next(started, (d) => (m(d).questions[0]!.correct_answer = 'c'));
    expect(kinds(started, keyed)).toEqual(['question']);
    const keyedAndAnswered = next(started, (d) => {
      m(d).questions[0]!.correct_answer = 'c';
      m(d).questions[0]!.answers[0]!.answered = true;
    });
    expect(kinds(started, keyedAndAnswered)).toEqual(['question']);
  });

  test('an answer taken back, alone or as another member answers: the question whole', () => {
    const answered = next(started, (d) => (m(d).questions[0]!.answers[0]!.answered = true));
    const withdrawn = next(answered, (d) => (m(d).questions[0]!.answers[0]!.answered = false));
    expect(kinds(answered, withdrawn)).toEqual(['question']);
    const swapped = next(answered, (d) => {
      m(d).questions[0]!.answers[0]!.answered = false;
      m(d).questions[0]!.answers[1]!.answered = true;
    });
    expect(kinds(answered, swapped)).toEqual(['question']);
  });

  test('messages: two new at once are two events; any other change of the list is sent whole', () => {
    const hi = { user_id: 1, key: 'hello' as const, at: at(1) };
    const gg = { user_id: 2, key: 'gg' as const, at: at(2) };
    const twice = next(two, (d) => m(d).messages.push(m(hi), m(gg)));
    expect(delta(two, twice).events).toEqual([
      { t: 'message', message: hi },
      { t: 'message', message: gg },
    ]);
    const edited = next(twice, (d) => m(d).messages.splice(0, 1));
    expect(delta(twice, edited).events).toEqual([{ t: 'messages', messages: [gg] }]);
  });
});
