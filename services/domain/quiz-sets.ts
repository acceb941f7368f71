/**
 * Quiz sets ("My quizzes", docs/live.md): a host's own questions for live games, private to them.
 * The rules a set must keep, written once for the form (in the browser) and the server, and the
 * step that turns a set into a live game's questions (option keys, a sequence's items shuffled).
 *
 * A question as the API and the form carry it: options as texts in the order written, the right
 * answer as their indexes (0 for the first); a sequence is written in its right order.
 */
import { LIVE_DEFAULT_POINTS, LIVE_DEFAULT_TIME_LIMIT, LIVE_POINTS, LIVE_QUESTION_TYPES, LIVE_TIME_LIMITS, type LiveQuestionType, type LiveSecretQuestion } from '@/services/domain/live';
import { foldText, formatNumber, isUngraded, sliderProblem, TYPE_ANSWER_MAX, TYPE_MATCHES, type SliderRule, type TypeMatch } from '@/services/domain/live-kinds';

export const QUIZ_SET_TITLE_MAX = 80;
export const QUIZ_SET_MAX_QUESTIONS = 100;
export const QUIZ_SET_TEXT_MAX = 300;
export const QUIZ_SET_OPTION_MAX = 120;
/** Sets a player may keep. */
export const QUIZ_SETS_PER_OWNER = 100;

/** Options per kind: [fewest, most] (a type answer's options are its accepted answers). */
export const QUIZ_SET_OPTIONS: Readonly<Record<LiveQuestionType, readonly [number, number]>> = {
  multiple: [2, 5],
  boolean: [2, 2],
  multiselect: [3, 5],
  sequence: [3, 5],
  type: [1, 5],
  slider: [0, 0],
  poll: [2, 5],
  wordcloud: [0, 0],
};

/** A question image: a file uploaded to this server (quiz_set_image), never another site's address. */
export const QUIZ_SET_IMAGE = /^\/uploads\/content\/[0-9a-f]{24}\.(png|jpg|webp)$/;

export interface QuizSetQuestion {
  readonly type: LiveQuestionType;
  readonly text: string;
  readonly image: string | null;
  /** Option texts; a type answer's accepted answers; none for a slider and a word cloud. */
  readonly options: readonly string[];
  /** Indexes of the right options (one for multiple choice and true/false, two or more for multi select; a sequence's is its written order, 0…n−1; none for the other kinds). */
  readonly answer: readonly number[];
  /** Type answer: exact (case, accents and punctuation aside) or tolerant (one typo forgiven). */
  readonly match?: TypeMatch;
  /** Slider: its range, right value, tolerance and scoring. */
  readonly slider?: SliderRule;
  /** Seconds; 0: no time limit. */
  readonly time_limit: number;
  readonly points: number;
}

export interface QuizSetDraft {
  readonly title: string;
  readonly questions: readonly QuizSetQuestion[];
}

/** A set as its owner lists and opens it. */
export interface QuizSet extends QuizSetDraft {
  readonly id: number;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface QuizSetItem {
  readonly id: number;
  readonly title: string;
  readonly question_count: number;
  readonly updated_at: string;
}

/** What is wrong with a set: the field (`title`, `questions`, `questions.3.options`) and a sentence naming it. */
export interface QuizSetProblem {
  readonly field: string;
  readonly detail: string;
}

const clean = (v: unknown) => (typeof v === 'string' ? v.normalize('NFC').replace(/\s+/g, ' ').trim() : '');

/** A new question of a kind, as the form starts it. */
export function blankQuestion(type: LiveQuestionType = 'multiple'): QuizSetQuestion {
  const base = { type, text: '', image: null, time_limit: LIVE_DEFAULT_TIME_LIMIT, points: isUngraded(type) ? 0 : LIVE_DEFAULT_POINTS };
  switch (type) {
    case 'type':
      return { ...base, options: [''], answer: [], match: 'exact' };
    case 'slider':
      return { ...base, options: [], answer: [], slider: { min: 0, max: 100, step: 1, correct: 50, tolerance: 0, scoring: 'exact' } };
    case 'wordcloud':
      return { ...base, options: [], answer: [] };
    case 'poll':
      return { ...base, options: ['', '', ''], answer: [] };
    default: {
      const options = type === 'boolean' ? ['True', 'False'] : type === 'multiple' ? ['', '', '', ''] : ['', '', ''];
      const answer = type === 'sequence' ? [0, 1, 2] : type === 'multiselect' ? [] : [0];
      return { ...base, options, answer };
    }
  }
}

/**
 * Checks a set as sent (a form's, an import's, the API's): texts cleaned (spaces collapsed), every
 * rule of its kind kept. Answers the set as stored, or every problem found (up to `maxProblems`),
 * each naming the question (counted from 1) and what is wrong.
 */
export function checkQuizSet(raw: unknown, maxProblems = 20): { ok: true; set: QuizSetDraft } | { ok: false; problems: QuizSetProblem[] } {
  const problems: QuizSetProblem[] = [];
  const add = (field: string, detail: string) => {
    if (problems.length < maxProblems) problems.push({ field, detail });
  };
  const input = (raw && typeof raw === 'object' ? raw : {}) as { title?: unknown; questions?: unknown };
  const title = clean(input.title);
  if (title.length === 0) add('title', 'title: is required');
  else if ([...title].length > QUIZ_SET_TITLE_MAX) add('title', `title: must be at most ${QUIZ_SET_TITLE_MAX} characters`);
  const list = Array.isArray(input.questions) ? input.questions : null;
  if (!list || list.length === 0) add('questions', 'questions: a set needs at least one question');
  else if (list.length > QUIZ_SET_MAX_QUESTIONS) add('questions', `questions: a set holds at most ${QUIZ_SET_MAX_QUESTIONS} questions (this one has ${list.length})`);
  const questions: QuizSetQuestion[] = [];
  for (const [i, item] of (list ?? []).slice(0, QUIZ_SET_MAX_QUESTIONS).entries()) {
    const checked = checkQuestion(item, `questions.${i}`, `question ${i + 1}`, add);
    if (checked) questions.push(checked);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, set: { title, questions } };
}

function checkQuestion(raw: unknown, field: string, name: string, add: (field: string, detail: string) => void): QuizSetQuestion | null {
  const q = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  let ok = true;
  const fail = (sub: string, detail: string) => {
    ok = false;
    add(`${field}.${sub}`, `${name}: ${detail}`);
  };
  const type = q.type as LiveQuestionType;
  if (!(LIVE_QUESTION_TYPES as readonly string[]).includes(type as string)) {
    fail('type', `the kind must be one of ${LIVE_QUESTION_TYPES.join(', ')}`);
    return null;
  }
  const text = clean(q.text);
  if (text.length === 0) fail('text', 'the question is empty');
  else if ([...text].length > QUIZ_SET_TEXT_MAX) fail('text', `the question must be at most ${QUIZ_SET_TEXT_MAX} characters`);

  const image = q.image === null || q.image === undefined || q.image === '' ? null : typeof q.image === 'string' ? q.image.trim() : '';
  if (image !== null && !QUIZ_SET_IMAGE.test(image)) fail('image', 'the image must be a picture uploaded here (PNG, JPEG or WebP)');

  // A type answer's accepted answers may come as `accepted` (a content file) or as its options.
  const options = (Array.isArray(q.options) ? q.options : type === 'type' && Array.isArray(q.accepted) ? q.accepted : []).map(clean);
  const [fewest, most] = QUIZ_SET_OPTIONS[type];
  const what = type === 'type' ? 'accepted answer' : 'option';
  if (most === 0) {
    if (options.some((o) => o !== '')) fail('options', `a ${type === 'slider' ? 'slider' : 'word cloud'} question has no options`);
  } else if (options.length < fewest || options.length > most) fail('options', type === 'type' ? `needs ${fewest} to ${most} accepted answers` : fewest === most ? `needs ${fewest} options` : `needs ${fewest} to ${most} options`);
  else if (options.some((o) => o.length === 0)) fail('options', `${what} ${options.findIndex((o) => o.length === 0) + 1} is empty`);
  else if (type === 'type' && options.some((o) => [...o].length > TYPE_ANSWER_MAX)) fail('options', `an accepted answer must be at most ${TYPE_ANSWER_MAX} characters`);
  else if (type === 'type' && options.some((o) => foldText(o) === '')) fail('options', 'an accepted answer must hold a letter or a digit');
  else if (options.some((o) => [...o].length > QUIZ_SET_OPTION_MAX)) fail('options', `an option must be at most ${QUIZ_SET_OPTION_MAX} characters`);
  else if (new Set(options.map((o) => (type === 'type' ? foldText(o) : o.toLowerCase()))).size !== options.length) fail('options', `two ${what}s say the same`);

  let answer: unknown[] = [];
  let match: TypeMatch | undefined;
  let slider: SliderRule | undefined;
  if (type === 'type') {
    const m = q.match ?? 'exact';
    if (!(TYPE_MATCHES as readonly unknown[]).includes(m)) fail('match', `the match must be ${TYPE_MATCHES.join(' or ')}`);
    else match = m as TypeMatch;
  } else if (type === 'slider') {
    const s = (q.slider && typeof q.slider === 'object' ? q.slider : q) as Record<string, unknown>;
    const num = (v: unknown, fallback: number) => (v === undefined || v === null || v === '' ? fallback : typeof v === 'number' || typeof v === 'string' ? Number(v) : NaN);
    const correct = q.slider && typeof q.slider === 'object' ? s.correct : Array.isArray(q.answer) ? q.answer[0] : q.answer;
    const rule: SliderRule = { min: num(s.min, NaN), max: num(s.max, NaN), step: num(s.step, 1), correct: num(correct, NaN), tolerance: num(s.tolerance, 0), scoring: (s.scoring ?? 'exact') as SliderRule['scoring'] };
    const problem = sliderProblem(rule);
    if (problem) fail('slider', problem);
    else slider = rule;
  } else if (type === 'sequence') answer = options.map((_, i) => i);
  else if (type !== 'poll' && type !== 'wordcloud') answer = Array.isArray(q.answer) ? q.answer : typeof q.answer === 'number' ? [q.answer] : [];
  const valid = answer.every((n) => Number.isInteger(n) && (n as number) >= 0 && (n as number) < options.length) && new Set(answer).size === answer.length;
  if (type === 'multiple' || type === 'boolean' || type === 'multiselect') {
    if (!valid) fail('answer', 'the right answer must name its options');
    else if ((type === 'multiple' || type === 'boolean') && answer.length !== 1) fail('answer', 'choose the one right answer');
    else if (type === 'multiselect' && (answer.length < 2 || answer.length >= options.length)) fail('answer', 'a multi select question has two or more right options, and at least one wrong one');
  }

  const time = Number(q.time_limit ?? LIVE_DEFAULT_TIME_LIMIT);
  if (!(LIVE_TIME_LIMITS as readonly number[]).includes(time)) fail('time_limit', `the time must be one of ${LIVE_TIME_LIMITS.join(', ')} seconds (0: no limit)`);
  // A poll and a word cloud have no right answer: they are worth nothing, whatever was sent.
  const points = isUngraded(type) ? 0 : Number(q.points ?? LIVE_DEFAULT_POINTS);
  if (!(LIVE_POINTS as readonly number[]).includes(points)) fail('points', `the points must be one of ${LIVE_POINTS.join(', ')}`);
  if (!ok) return null;
  const kept = type === 'slider' || type === 'wordcloud' ? [] : options;
  return {
    type,
    text,
    image,
    options: kept,
    answer: type === 'sequence' ? (answer as number[]) : [...(answer as number[])].sort((a, b) => a - b),
    ...(match ? { match } : {}),
    ...(slider ? { slider } : {}),
    time_limit: time,
    points,
  };
}

const KEYS = ['a', 'b', 'c', 'd', 'e'] as const;

/**
 * A set's questions as a live game plays them: options keyed a, b, c…; a sequence's items in a
 * shuffled order (its right answer is then their keys in the order written).
 */
export function liveQuestionsOf(questions: readonly QuizSetQuestion[], random: () => number): LiveSecretQuestion[] {
  return questions.map((q): LiveSecretQuestion => {
    const base = { question_id: null, type: q.type, text: q.text, image: q.image, time_limit: q.time_limit, points: q.points };
    // The accepted answers and the slider's value stay with the server: the options every screen gets carry neither.
    if (q.type === 'type') return { ...base, options: [], answer: '', accepted: q.options, match: q.match ?? 'exact' };
    if (q.type === 'slider') return { ...base, options: [], answer: formatNumber(q.slider!.correct), slider: q.slider! };
    if (q.type === 'wordcloud') return { ...base, options: [], answer: '' };
    if (q.type === 'poll') return { ...base, options: q.options.map((text, i) => ({ key: KEYS[i]!, text })), answer: '' };
    if (q.type === 'sequence') {
      const order = q.options.map((_, i) => i);
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.min(i, Math.floor(random() * (i + 1)));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      // `order[k]` is the written item shown at key k; the answer lists keys in the written order.
      const keyOf = new Map(order.map((written, k) => [written, KEYS[k]!]));
      return {
        question_id: null,
        type: q.type,
        text: q.text,
        image: q.image,
        options: order.map((written, k) => ({ key: KEYS[k]!, text: q.options[written]! })),
        answer: q.options.map((_, written) => keyOf.get(written)!).join(','),
        time_limit: q.time_limit,
        points: q.points,
      };
    }
    return {
      question_id: null,
      type: q.type,
      text: q.text,
      image: q.image,
      options: q.options.map((text, i) => ({ key: KEYS[i]!, text })),
      answer: q.answer.map((i) => KEYS[i]!).join(','),
      time_limit: q.time_limit,
      points: q.points,
    };
  });
}

/** The columns of a quiz set's CSV file (docs/live.md): one question per row. */
export const QUIZ_SET_CSV_COLUMNS = ['type', 'question', 'option_a', 'option_b', 'option_c', 'option_d', 'option_e', 'answer', 'time_limit', 'points', 'image', 'match', 'min', 'max', 'step', 'tolerance', 'scoring'] as const;

/** The names a CSV file may give each kind in its `type` column. */
const CSV_KINDS: Readonly<Record<string, LiveQuestionType>> = {
  multiple: 'multiple',
  boolean: 'boolean',
  true_false: 'boolean',
  truefalse: 'boolean',
  multiselect: 'multiselect',
  sequence: 'sequence',
  type: 'type',
  type_answer: 'type',
  typeanswer: 'type',
  slider: 'slider',
  poll: 'poll',
  word_cloud: 'wordcloud',
  wordcloud: 'wordcloud',
};

/**
 * Rows of a quiz set's CSV file (already split into fields, header first) as a set's questions:
 * `answer` names the right options by letter ("b", "a,c"); a sequence's options are written in
 * their right order and its answer is left blank. Blank time and points take the defaults. Answers
 * the raw questions for checkQuizSet, or the problems of the header.
 */
export function questionsFromCsv(rows: readonly (readonly string[])[]): { ok: true; questions: unknown[] } | { ok: false; problems: QuizSetProblem[] } {
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const missing = ['type', 'question'].filter((c) => !header.includes(c));
  if (missing.length > 0) return { ok: false, problems: [{ field: 'file', detail: `file: the header row lacks ${missing.join(', ')} (columns: ${QUIZ_SET_CSV_COLUMNS.join(', ')})` }] };
  const unknown = header.filter((h) => h !== '' && !(QUIZ_SET_CSV_COLUMNS as readonly string[]).includes(h));
  if (unknown.length > 0) return { ok: false, problems: [{ field: 'file', detail: `file: unknown column ${unknown.join(', ')} (columns: ${QUIZ_SET_CSV_COLUMNS.join(', ')})` }] };
  const at = (row: readonly string[], column: string) => (header.indexOf(column) >= 0 ? (row[header.indexOf(column)] ?? '').trim() : '');
  const questions = rows
    .slice(1)
    .filter((row) => row.some((f) => f.trim() !== ''))
    .map((row) => {
      const written = at(row, 'type').toLowerCase();
      const type = CSV_KINDS[written] ?? written;
      const options = KEYS.map((k) => at(row, `option_${k}`)).filter((o, i, all) => o !== '' || all.slice(i).some((x) => x !== ''));
      const letters = at(row, 'answer').toLowerCase().split(/[,\s]+/).filter(Boolean);
      const common = {
        type,
        text: at(row, 'question'),
        image: at(row, 'image') || null,
        time_limit: at(row, 'time_limit') === '' ? LIVE_DEFAULT_TIME_LIMIT : Number(at(row, 'time_limit')),
        points: at(row, 'points') === '' ? LIVE_DEFAULT_POINTS : Number(at(row, 'points')),
      };
      if (type === 'slider') {
        // A slider's `answer` is its right value; its range and rule have columns of their own.
        return { ...common, options: [], slider: { min: at(row, 'min'), max: at(row, 'max'), step: at(row, 'step'), correct: at(row, 'answer'), tolerance: at(row, 'tolerance'), scoring: at(row, 'scoring').toLowerCase() || 'exact' } };
      }
      if (type === 'type') return { ...common, options, match: at(row, 'match').toLowerCase() || 'exact' };
      return { ...common, options, answer: letters.map((l) => KEYS.indexOf(l as (typeof KEYS)[number])) };
    });
  return { ok: true, questions };
}
