/**
 * Quiz sets ("My quizzes", docs/live.md): a host's own questions for live games, private to them.
 * The rules a set must keep, written once for the form (in the browser) and the server, and the
 * step that turns a set into a live game's questions (option keys, a sequence's items shuffled).
 *
 * A question as the API and the form carry it: options as texts in the order written, the right
 * answer as their indexes (0 for the first); a sequence is written in its right order.
 */
import { LIVE_DEFAULT_POINTS, LIVE_DEFAULT_TIME_LIMIT, LIVE_POINTS, LIVE_QUESTION_TYPES, LIVE_TIME_LIMITS, type LiveQuestionType, type LiveSecretQuestion } from '@/services/domain/live';

export const QUIZ_SET_TITLE_MAX = 80;
export const QUIZ_SET_MAX_QUESTIONS = 100;
export const QUIZ_SET_TEXT_MAX = 300;
export const QUIZ_SET_OPTION_MAX = 120;
/** Sets a player may keep. */
export const QUIZ_SETS_PER_OWNER = 100;

/** Options per kind: [fewest, most]. */
export const QUIZ_SET_OPTIONS: Readonly<Record<LiveQuestionType, readonly [number, number]>> = { multiple: [2, 5], boolean: [2, 2], multiselect: [3, 5], sequence: [3, 5] };

/** A question image: a file uploaded to this server (quiz_set_image), never another site's address. */
export const QUIZ_SET_IMAGE = /^\/uploads\/content\/[0-9a-f]{24}\.(png|jpg|webp)$/;

export interface QuizSetQuestion {
  readonly type: LiveQuestionType;
  readonly text: string;
  readonly image: string | null;
  readonly options: readonly string[];
  /** Indexes of the right options (one for multiple choice and true/false, two or more for multi select; a sequence's is its written order, 0…n−1). */
  readonly answer: readonly number[];
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
  const options = type === 'boolean' ? ['True', 'False'] : type === 'multiple' ? ['', '', '', ''] : ['', '', ''];
  const answer = type === 'sequence' ? [0, 1, 2] : type === 'multiselect' ? [] : [0];
  return { type, text: '', image: null, options, answer, time_limit: LIVE_DEFAULT_TIME_LIMIT, points: LIVE_DEFAULT_POINTS };
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

  const options = Array.isArray(q.options) ? q.options.map(clean) : [];
  const [fewest, most] = QUIZ_SET_OPTIONS[type];
  if (options.length < fewest || options.length > most) fail('options', fewest === most ? `needs ${fewest} options` : `needs ${fewest} to ${most} options`);
  else if (options.some((o) => o.length === 0)) fail('options', `option ${options.findIndex((o) => o.length === 0) + 1} is empty`);
  else if (options.some((o) => [...o].length > QUIZ_SET_OPTION_MAX)) fail('options', `an option must be at most ${QUIZ_SET_OPTION_MAX} characters`);
  else if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) fail('options', 'two options say the same');

  const answer = type === 'sequence' ? options.map((_, i) => i) : Array.isArray(q.answer) ? q.answer : typeof q.answer === 'number' ? [q.answer] : [];
  const valid = answer.every((n) => Number.isInteger(n) && (n as number) >= 0 && (n as number) < options.length) && new Set(answer).size === answer.length;
  if (type !== 'sequence') {
    if (!valid) fail('answer', 'the right answer must name its options');
    else if ((type === 'multiple' || type === 'boolean') && answer.length !== 1) fail('answer', 'choose the one right answer');
    else if (type === 'multiselect' && (answer.length < 2 || answer.length >= options.length)) fail('answer', 'a multi select question has two or more right options, and at least one wrong one');
  }

  const time = Number(q.time_limit ?? LIVE_DEFAULT_TIME_LIMIT);
  if (!(LIVE_TIME_LIMITS as readonly number[]).includes(time)) fail('time_limit', `the time must be one of ${LIVE_TIME_LIMITS.join(', ')} seconds`);
  const points = Number(q.points ?? LIVE_DEFAULT_POINTS);
  if (!(LIVE_POINTS as readonly number[]).includes(points)) fail('points', `the points must be one of ${LIVE_POINTS.join(', ')}`);
  if (!ok) return null;
  return { type, text, image, options, answer: type === 'sequence' ? (answer as number[]) : [...(answer as number[])].sort((a, b) => a - b), time_limit: time, points };
}

const KEYS = ['a', 'b', 'c', 'd', 'e'] as const;

/**
 * A set's questions as a live game plays them: options keyed a, b, c…; a sequence's items in a
 * shuffled order (its right answer is then their keys in the order written).
 */
export function liveQuestionsOf(questions: readonly QuizSetQuestion[], random: () => number): LiveSecretQuestion[] {
  return questions.map((q) => {
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
export const QUIZ_SET_CSV_COLUMNS = ['type', 'question', 'option_a', 'option_b', 'option_c', 'option_d', 'option_e', 'answer', 'time_limit', 'points', 'image'] as const;

/**
 * Rows of a quiz set's CSV file (already split into fields, header first) as a set's questions:
 * `answer` names the right options by letter ("b", "a,c"); a sequence's options are written in
 * their right order and its answer is left blank. Blank time and points take the defaults. Answers
 * the raw questions for checkQuizSet, or the problems of the header.
 */
export function questionsFromCsv(rows: readonly (readonly string[])[]): { ok: true; questions: unknown[] } | { ok: false; problems: QuizSetProblem[] } {
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const missing = ['type', 'question', 'option_a', 'option_b', 'answer'].filter((c) => !header.includes(c));
  if (missing.length > 0) return { ok: false, problems: [{ field: 'file', detail: `file: the header row lacks ${missing.join(', ')} (columns: ${QUIZ_SET_CSV_COLUMNS.join(', ')})` }] };
  const unknown = header.filter((h) => h !== '' && !(QUIZ_SET_CSV_COLUMNS as readonly string[]).includes(h));
  if (unknown.length > 0) return { ok: false, problems: [{ field: 'file', detail: `file: unknown column ${unknown.join(', ')} (columns: ${QUIZ_SET_CSV_COLUMNS.join(', ')})` }] };
  const at = (row: readonly string[], column: string) => (header.indexOf(column) >= 0 ? (row[header.indexOf(column)] ?? '').trim() : '');
  const questions = rows
    .slice(1)
    .filter((row) => row.some((f) => f.trim() !== ''))
    .map((row) => {
      const type = at(row, 'type').toLowerCase();
      const options = KEYS.map((k) => at(row, `option_${k}`)).filter((o, i, all) => o !== '' || all.slice(i).some((x) => x !== ''));
      const letters = at(row, 'answer').toLowerCase().split(/[,\s]+/).filter(Boolean);
      return {
        type: type === 'true_false' || type === 'truefalse' ? 'boolean' : type,
        text: at(row, 'question'),
        image: at(row, 'image') || null,
        options,
        answer: letters.map((l) => KEYS.indexOf(l as (typeof KEYS)[number])),
        time_limit: at(row, 'time_limit') === '' ? LIVE_DEFAULT_TIME_LIMIT : Number(at(row, 'time_limit')),
        points: at(row, 'points') === '' ? LIVE_DEFAULT_POINTS : Number(at(row, 'points')),
      };
    });
  return { ok: true, questions };
}
