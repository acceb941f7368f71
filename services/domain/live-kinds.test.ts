import {
  foldText,
  formatNumber,
  gradeLiveAnswer,
  onSliderStep,
  readLiveAnswer,
  rightAnswerText,
  sliderBin,
  sliderProblem,
  typedAnswerMatches,
  withinOneEdit,
  type GradableQuestion,
  type SliderRule,
} from '@/services/domain/live-kinds';
import { livePoints, secondsLeft, livePlayerPhase, type LiveGameView, type LiveQuestion } from '@/services/domain/live';
import { checkQuizSet, liveQuestionsOf, questionsFromCsv } from '@/services/domain/quiz-sets';

const slider = (over: Partial<SliderRule> = {}): GradableQuestion => ({ type: 'slider', options: [], answer: '', slider: { min: 0, max: 100, step: 1, correct: 40, tolerance: 10, scoring: 'closeness', ...over } });
const typed = (accepted: string[], match: 'exact' | 'tolerant'): GradableQuestion => ({ type: 'type', options: [], answer: '', accepted, match });

describe('type answer', () => {
  test('folds case, accents, punctuation and spaces', () => {
    expect(foldText('  Île-de-FRANCE!! ')).toBe('ile de france');
    expect(foldText('São  Paulo')).toBe('sao paulo');
    expect(foldText('¡¿…?!')).toBe('');
  });

  test('one edit: a letter added, dropped, changed or two neighbours swapped — never two', () => {
    expect(withinOneEdit('paris', 'paris')).toBe(true);
    expect(withinOneEdit('paris', 'pariss')).toBe(true);
    expect(withinOneEdit('paris', 'pars')).toBe(true);
    expect(withinOneEdit('paris', 'parus')).toBe(true);
    expect(withinOneEdit('paris', 'parsi')).toBe(true);
    expect(withinOneEdit('paris', 'apris')).toBe(true);
    expect(withinOneEdit('paris', 'praiss')).toBe(false);
    expect(withinOneEdit('paris', 'pxrxs')).toBe(false);
    expect(withinOneEdit('paris', 'par')).toBe(false);
    expect(withinOneEdit('abcd', 'badc')).toBe(false);
  });

  test('exact takes any accepted answer as a reader would; tolerant forgives one typo in answers of four letters or more', () => {
    expect(typedAnswerMatches('  MONT-blanc ', ['Mont Blanc'], 'exact')).toBe(true);
    expect(typedAnswerMatches('Mont Blan', ['Mont Blanc'], 'exact')).toBe(false);
    expect(typedAnswerMatches('Mont Blan', ['Mont Blanc'], 'tolerant')).toBe(true);
    expect(typedAnswerMatches('Mnot Blanc', ['Mont Blanc'], 'tolerant')).toBe(true);
    expect(typedAnswerMatches('Mnot Blan', ['Mont Blanc'], 'tolerant')).toBe(false);
    // Three letters: no typo forgiven ("cat" is not "car").
    expect(typedAnswerMatches('car', ['cat'], 'tolerant')).toBe(false);
    expect(typedAnswerMatches('Everest', ['K2', 'Everest'], 'exact')).toBe(true);
    expect(typedAnswerMatches('?!', ['?!'], 'exact')).toBe(false);
  });

  test('an answer is read as the player wrote it (spaces collapsed), graded by the fold', () => {
    const q = typed(['Paris'], 'exact');
    expect(readLiveAnswer(q, '  paRIS   ')).toEqual({ ok: true, answer: 'paRIS' });
    expect(gradeLiveAnswer(q, 'paRIS')).toEqual({ correct: true, share: 1 });
    expect(gradeLiveAnswer(q, 'Pariss')).toEqual({ correct: false, share: 0 });
    expect(readLiveAnswer(q, 'x'.repeat(61))).toEqual({ ok: false, reason: 'must be at most 60 characters' });
    expect(readLiveAnswer(q, '...')).toEqual({ ok: false, reason: 'must hold a letter or a digit' });
    expect(rightAnswerText(typed(['Paris', 'Lutetia'], 'exact'))).toBe('Paris / Lutetia');
  });
});

describe('slider', () => {
  test('a rule is checked: range, step, value on a step, tolerance', () => {
    const ok: SliderRule = { min: 0, max: 100, step: 5, correct: 45, tolerance: 5, scoring: 'exact' };
    expect(sliderProblem(ok)).toBeNull();
    expect(sliderProblem({ ...ok, max: 0 })).toBe('the lowest value must be below the highest');
    expect(sliderProblem({ ...ok, step: 0 })).toBe('the step must be above 0');
    expect(sliderProblem({ ...ok, step: 7 })).toBe('the step must divide the range evenly');
    expect(sliderProblem({ ...ok, correct: 44 })).toBe('the right value must lie in the range, on a step');
    expect(sliderProblem({ ...ok, correct: 105 })).toBe('the right value must lie in the range, on a step');
    expect(sliderProblem({ ...ok, tolerance: -1 })).toBe('the tolerance must be from 0 up to the width of the range');
    expect(sliderProblem({ ...ok, step: 0.0001 })).toMatch(/more than 100,000 steps/);
    expect(sliderProblem({ ...ok, min: NaN })).toBe('the range, step, value and tolerance must be numbers');
    expect(sliderProblem({ min: 0, max: 1, step: 0.1, correct: 0.3, tolerance: 0, scoring: 'exact' })).toBeNull();
  });

  test('answers lie on a step of the range; decimals are written without float noise', () => {
    const q = slider({ min: 0, max: 1, step: 0.1, correct: 0.3, tolerance: 0 });
    expect(readLiveAnswer(q, '0.3')).toEqual({ ok: true, answer: '0.3' });
    expect(readLiveAnswer(q, '0.35').ok).toBe(false);
    expect(readLiveAnswer(q, '2').ok).toBe(false);
    expect(readLiveAnswer(q, '1e1').ok).toBe(false);
    expect(readLiveAnswer(q, 'ten').ok).toBe(false);
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(onSliderStep({ min: -10, max: 10, step: 2.5 }, -7.5)).toBe(true);
    expect(gradeLiveAnswer(q, '0.3').correct).toBe(true);
  });

  test('right within the tolerance; by closeness from all the points on the value to half at the edge', () => {
    expect(gradeLiveAnswer(slider(), '40')).toEqual({ correct: true, share: 1 });
    expect(gradeLiveAnswer(slider(), '45')).toEqual({ correct: true, share: 0.75 });
    expect(gradeLiveAnswer(slider(), '30')).toEqual({ correct: true, share: 0.5 });
    expect(gradeLiveAnswer(slider(), '29')).toEqual({ correct: false, share: 0 });
    expect(gradeLiveAnswer(slider({ scoring: 'exact' }), '31')).toEqual({ correct: true, share: 1 });
    expect(gradeLiveAnswer(slider({ tolerance: 0 }), '41')).toEqual({ correct: false, share: 0 });
    // Points: the worth times the time rule (a standard question, answered at once).
    expect(livePoints({ correct: true, elapsedMs: 0, limitMs: 20_000, points: 1000, worth: 0.75 })).toBe(750);
    expect(livePoints({ correct: true, elapsedMs: 10_000, limitMs: 20_000, points: 1000, worth: 0.5 })).toBe(375);
  });

  test('the reveal chart: ten bars over the range, the top end in the last', () => {
    const range = { min: 0, max: 100, step: 1 };
    expect([0, 9, 10, 55, 99, 100].map((v) => sliderBin(range, v))).toEqual([0, 0, 1, 5, 9, 9]);
  });
});

describe('poll and word cloud', () => {
  test('are never right and earn nothing', () => {
    const poll: GradableQuestion = { type: 'poll', options: [{ key: 'a' }, { key: 'b' }], answer: '' };
    expect(readLiveAnswer(poll, 'B')).toEqual({ ok: true, answer: 'b' });
    expect(readLiveAnswer(poll, 'c').ok).toBe(false);
    expect(gradeLiveAnswer(poll, 'b')).toEqual({ correct: false, share: 0 });
    const cloud: GradableQuestion = { type: 'wordcloud', options: [], answer: '' };
    expect(readLiveAnswer(cloud, '  Good   vibes ')).toEqual({ ok: true, answer: 'Good vibes' });
    expect(readLiveAnswer(cloud, 'x'.repeat(31)).ok).toBe(false);
    expect(gradeLiveAnswer(cloud, 'Good vibes')).toEqual({ correct: false, share: 0 });
  });
});

describe('no time limit', () => {
  const question: LiveQuestion = { index: 0, type: 'multiple', text: 'Q', image: null, options: [], time_limit: 0, points: 1000, opens_at: 1000, deadline_at: 0, restarted: false };
  test('points are the question’s whole points, however late', () => {
    expect(livePoints({ correct: true, elapsedMs: 600_000, limitMs: 0, points: 1000 })).toBe(1000);
    expect(livePoints({ correct: false, elapsedMs: 5, limitMs: 0, points: 1000 })).toBe(0);
  });
  test('the phone has no seconds left and never times out', () => {
    expect(secondsLeft(question, 99_999_999)).toBeNull();
    const game = { status: 'question', paused: null, question } as unknown as LiveGameView;
    expect(livePlayerPhase(game, null, 99_999_999)).toBe('answering');
  });
});

describe('quiz sets with the new kinds', () => {
  const set = {
    title: 'Every kind',
    questions: [
      { type: 'type', text: 'Capital of France?', options: ['Paris'], match: 'tolerant', time_limit: 20, points: 1000 },
      { type: 'slider', text: 'Degrees in a right angle?', options: [], slider: { min: 0, max: 180, step: 1, correct: 90, tolerance: 5, scoring: 'closeness' }, time_limit: 0, points: 2000 },
      { type: 'poll', text: 'Best season?', options: ['Spring', 'Summer', 'Autumn'], time_limit: 30, points: 1000 },
      { type: 'wordcloud', text: 'One word for today?', options: [], time_limit: 60, points: 2000 },
    ],
  };

  test('are checked and saved: polls and word clouds are worth nothing whatever was sent', () => {
    const checked = checkQuizSet(set);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.set.questions.map((q) => [q.type, q.points, q.time_limit])).toEqual([
      ['type', 1000, 20],
      ['slider', 2000, 0],
      ['poll', 0, 30],
      ['wordcloud', 0, 60],
    ]);
    expect(checked.set.questions[0]!.match).toBe('tolerant');
  });

  test('each problem is named', () => {
    const bad = checkQuizSet({
      title: 'Bad',
      questions: [
        { type: 'type', text: 'Q', options: [], time_limit: 20 },
        { type: 'type', text: 'Q', options: ['Paris', 'PARIS!'], time_limit: 20 },
        { type: 'type', text: 'Q', options: ['Paris'], match: 'loose', time_limit: 20 },
        { type: 'slider', text: 'Q', slider: { min: 10, max: 0, step: 1, correct: 5 }, time_limit: 20 },
        { type: 'wordcloud', text: 'Q', options: ['x'], time_limit: 20 },
        { type: 'poll', text: 'Q', options: ['One'], time_limit: 20 },
      ],
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.problems.map((p) => p.detail)).toEqual([
      'question 1: needs 1 to 5 accepted answers',
      'question 2: two accepted answers say the same',
      'question 3: the match must be exact or tolerant',
      'question 4: the lowest value must be below the highest',
      'question 5: a word cloud question has no options',
      'question 6: needs 2 to 5 options',
    ]);
  });

  test('a game keeps the accepted answers and the slider’s value to the server: the options every screen gets carry neither', () => {
    const checked = checkQuizSet(set);
    if (!checked.ok) throw new Error('set refused');
    const [t, s, p, w] = liveQuestionsOf(checked.set.questions, () => 0.5);
    expect(t).toMatchObject({ type: 'type', options: [], answer: '', accepted: ['Paris'], match: 'tolerant' });
    expect(s).toMatchObject({ type: 'slider', options: [], answer: '90', slider: { correct: 90 } });
    expect(p).toMatchObject({ type: 'poll', answer: '', options: [{ key: 'a', text: 'Spring' }, { key: 'b', text: 'Summer' }, { key: 'c', text: 'Autumn' }] });
    expect(w).toMatchObject({ type: 'wordcloud', options: [], answer: '' });
  });

  test('CSV rows of each kind', () => {
    const read = questionsFromCsv([
      ['type', 'question', 'option_a', 'option_b', 'answer', 'time_limit', 'points', 'match', 'min', 'max', 'step', 'tolerance', 'scoring'],
      ['type_answer', 'Capital of Spain?', 'Madrid', '', '', '', '', 'tolerant', '', '', '', '', ''],
      ['slider', 'Boiling point of water (°C)?', '', '', '100', '0', '', '', '0', '200', '5', '10', 'closeness'],
      ['poll', 'Tea or coffee?', 'Tea', 'Coffee', '', '', '', '', '', '', '', '', ''],
      ['word_cloud', 'How do you feel?', '', '', '', '', '', '', '', '', '', '', ''],
    ]);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const checked = checkQuizSet({ title: 'CSV', questions: read.questions });
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    expect(checked.set.questions).toEqual([
      { type: 'type', text: 'Capital of Spain?', image: null, options: ['Madrid'], answer: [], match: 'tolerant', time_limit: 20, points: 1000 },
      { type: 'slider', text: 'Boiling point of water (°C)?', image: null, options: [], answer: [], slider: { min: 0, max: 200, step: 5, correct: 100, tolerance: 10, scoring: 'closeness' }, time_limit: 0, points: 1000 },
      { type: 'poll', text: 'Tea or coffee?', image: null, options: ['Tea', 'Coffee'], answer: [], time_limit: 20, points: 0 },
      { type: 'wordcloud', text: 'How do you feel?', image: null, options: [], answer: [], time_limit: 20, points: 0 },
    ]);
  });
});
