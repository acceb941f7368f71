/**
 * Kebab-case slugs for category and subcategory names: accents dropped, letters and digits of any
 * script kept, everything else a single dash. "Science & Nature" → "science-nature",
 * "Música" → "musica". A name with no letter or digit at all gets `fallback`.
 */
export function slugify(name: string, fallback = 'category'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}

export interface SluggedName {
  readonly slug: string;
  readonly name: string;
}

/**
 * The slug a name gets among existing ones: the slug of an existing entry with the same name (case
 * and spacing aside, whatever its slug), otherwise its own slug, made unique with `-2`, `-3`, …
 * when another name already holds it.
 */
export function slugFor(name: string, existing: readonly SluggedName[], fallback?: string): { slug: string; existing: boolean } {
  const same = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();
  const named = existing.find((e) => same(e.name, name));
  if (named) return { slug: named.slug, existing: true };
  const base = slugify(name, fallback);
  const bySlug = new Map(existing.map((e) => [e.slug, e]));
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const holder = bySlug.get(slug);
    if (!holder) return { slug, existing: false };
  }
}
