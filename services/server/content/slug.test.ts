import { slugFor, slugify } from '@/services/server/content/slug';

describe('slugify', () => {
  test.each([
    ['Science & Nature', 'science-nature'],
    ['Japanese Anime & Manga', 'japanese-anime-manga'],
    ['  Música  ', 'musica'],
    ['Cartoon & Animations', 'cartoon-animations'],
    ['العلوم', 'العلوم'],
    ['!!!', 'category'],
  ])('turns "%s" into "%s"', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe('slugFor', () => {
  const existing = [
    { slug: 'science', name: 'Science' },
    { slug: 'sci-fi', name: 'Sci Fi' },
  ];

  test('reuses the slug of a category with the same name, whatever its case', () => {
    expect(slugFor('SCIENCE', existing)).toEqual({ slug: 'science', existing: true });
  });

  test('reuses an existing name even when its slug was set by hand', () => {
    expect(slugFor('Science fiction', [{ slug: 'sf', name: 'Science Fiction' }])).toEqual({ slug: 'sf', existing: true });
  });

  test('numbers a new name whose slug is already taken by another name', () => {
    expect(slugFor('Science!', existing)).toEqual({ slug: 'science-2', existing: false });
    expect(slugFor('Science?', [...existing, { slug: 'science-2', name: 'Science!' }])).toEqual({ slug: 'science-3', existing: false });
  });

  test('gives a new name its own slug when it is free', () => {
    expect(slugFor('Vehicles', existing)).toEqual({ slug: 'vehicles', existing: false });
  });
});
