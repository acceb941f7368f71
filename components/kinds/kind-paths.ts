import type { PlayMode } from '@/services/domain/play-session';

/**
 * The question kinds' pages (maths mania, guess the word, audio questions, multi match, fun and
 * learn) share one shape: categories → a category's subcategories → a place → its play. What a
 * place shows is the kind's flavour: a set to play (`set`), levels (`levels`), comprehension items
 * (`items`). Slugs, never ids, in the URLs.
 */

export type KindFlavour = 'set' | 'levels' | 'items';

export interface QuestionKind {
  readonly mode: Extract<PlayMode, 'maths' | 'guess_the_word' | 'audio' | 'multi_match' | 'fun_n_learn'>;
  /** get_categories' `type`. */
  readonly type: number;
  /** The pages' root, e.g. `/guess-the-word`. */
  readonly base: string;
  /** i18n keys of the mode's name and description (the home card's), and of its rules line. */
  readonly titleKey: string;
  readonly descriptionKey: string;
  readonly rulesKey: string;
  readonly flavour: KindFlavour;
}

export const KINDS = {
  maths: { mode: 'maths', type: 5, base: '/math-mania', titleKey: 'mode.math_mania.title', descriptionKey: 'mode.math_mania.description', rulesKey: 'maths.rules', flavour: 'set' },
  guess_the_word: {
    mode: 'guess_the_word',
    type: 3,
    base: '/guess-the-word',
    titleKey: 'mode.guess_the_word.title',
    descriptionKey: 'mode.guess_the_word.description',
    rulesKey: 'kinds.guess_the_word.rules',
    flavour: 'set',
  },
  audio: {
    mode: 'audio',
    type: 4,
    base: '/audio-questions',
    titleKey: 'mode.audio_questions.title',
    descriptionKey: 'mode.audio_questions.description',
    rulesKey: 'kinds.audio.rules',
    flavour: 'set',
  },
  multi_match: {
    mode: 'multi_match',
    type: 6,
    base: '/multi-match-questions',
    titleKey: 'mode.multi_match.title',
    descriptionKey: 'mode.multi_match.description',
    rulesKey: 'kinds.multi_match.rules',
    flavour: 'levels',
  },
  fun_n_learn: {
    mode: 'fun_n_learn',
    type: 2,
    base: '/fun-and-learn',
    titleKey: 'mode.fun_and_learn.title',
    descriptionKey: 'mode.fun_and_learn.description',
    rulesKey: 'kinds.fun_n_learn.rules',
    flavour: 'items',
  },
} as const satisfies Record<string, QuestionKind>;

export type KindName = keyof typeof KINDS;

/** In a place's URL where the subcategory would be: the category itself (it has no subcategories). No slug can be this. */
export const OWN_PLACE = '~';

const seg = (s: string) => encodeURIComponent(s);

export const kindHomeHref = (kind: QuestionKind) => `${kind.base}/`;
export const kindCategoryHref = (kind: QuestionKind, category: string) => `${kind.base}/${seg(category)}/`;
export const kindPlaceHref = (kind: QuestionKind, category: string, subcategory: string) => `${kind.base}/${seg(category)}/${subcategory === OWN_PLACE ? OWN_PLACE : seg(subcategory)}/`;
export const kindLevelHref = (kind: QuestionKind, category: string, subcategory: string, level: number) => `${kindPlaceHref(kind, category, subcategory)}level/${level}/`;
export const kindItemHref = (kind: QuestionKind, category: string, subcategory: string, item: number) => `${kindPlaceHref(kind, category, subcategory)}${item}/`;
/** Where a place's page sends the player back to: the category's page, or the kind's when the place is the category itself. */
export const kindPlaceBackHref = (kind: QuestionKind, category: string, subcategory: string) =>
  subcategory === OWN_PLACE ? kindHomeHref(kind) : kindCategoryHref(kind, category);
