/** `get_categories`' `type` of the quiz zone's categories (the other kinds have types of their own). */
export const QUIZ_ZONE_CATEGORY_TYPE = 1;

/** A quiz-zone category as `get_categories` answers it: the server builds it, the web app reads it. */
export interface QuizCategory {
  id: number;
  slug: string;
  category_name: string;
  language_id: number;
  image: string | null;
  is_premium: boolean;
  /** Unlock price of a premium category. */
  coins: number;
  /** True for free categories and for premium ones the player unlocked. */
  has_unlocked: boolean;
  no_of_subcategories: number;
  no_of_questions: number;
  maxlevel: number;
  /** The player's way through it: its levels (every subcategory's), those passed, and the stars won (0–3 a level, by the best pass). */
  progress: { levels: number; passed: number; stars: number };
}
