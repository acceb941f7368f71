/** The quiz zone's URLs: slugs, never ids. A category without subcategories plays its own levels. */

const seg = (slug: string) => encodeURIComponent(slug);

export const categoryHref = (category: string) => `/quiz-zone/${seg(category)}/`;

export const subcategoryHref = (category: string, subcategory: string) => `/quiz-zone/${seg(category)}/${seg(subcategory)}/`;

export const levelHref = (category: string, subcategory: string | undefined, level: number) =>
  subcategory ? `/quiz-zone/${seg(category)}/${seg(subcategory)}/level/${level}/` : `/quiz-zone/${seg(category)}/level/${level}/`;

/** Where the levels of a place are listed. */
export const levelsHref = (category: string, subcategory: string | undefined) => (subcategory ? subcategoryHref(category, subcategory) : categoryHref(category));

/** A route segment as the page receives it, decoded once (a malformed one is used as it is). */
export function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
