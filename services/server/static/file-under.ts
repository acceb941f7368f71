import path from 'node:path';

export interface FileRule {
  /** The address prefix the files are under (`/uploads/`, `/_next/static/`). */
  readonly prefix: string;
  /** The directory they are served from. */
  readonly root: string;
  /** What one path segment may be: it must rule out `.`, `..` and separators. */
  readonly segment: RegExp;
  /** The extensions served (lower case), with the type each is served as. */
  readonly contentTypes: Readonly<Record<string, string>>;
}

/**
 * A request's address → the file it names under `rule.root` and its type, or null for an address
 * outside the prefix, a bad escape, an empty or unsafe segment, or an extension not served.
 */
export function resolveFileUnder(url: string, rule: FileRule): { file: string; contentType: string } | null {
  const q = url.search(/[?#]/);
  const pathname = q === -1 ? url : url.slice(0, q);
  if (!pathname.startsWith(rule.prefix)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname.slice(rule.prefix.length));
  } catch {
    return null;
  }
  const segments = decoded.split('/');
  if (!segments.every((s) => rule.segment.test(s))) return null;
  const contentType = rule.contentTypes[path.extname(segments[segments.length - 1]!).slice(1).toLowerCase()];
  if (!contentType) return null;
  const root = path.resolve(rule.root);
  const file = path.resolve(root, ...segments);
  // Belt and braces: the segment rule already keeps the path inside the root.
  if (!file.startsWith(root + path.sep)) return null;
  return { file, contentType };
}
