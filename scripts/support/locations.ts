import path from 'node:path';
import { isPostgresUrl } from '@/services/server/db/transfer/session';

/**
 * Where the operator commands (backup, restore, db:move) read and write what an operator names on
 * the command line:
 * - a relative path means the folder the command was typed in (npm runs scripts from the app's
 *   folder and leaves the typed-in folder in INIT_CWD), as the importer does;
 * - `env:NAME` is the database URL held in the environment variable NAME (e.g. `--to
 *   env:DATABASE_URL`), so that a password never sits on the command line, where `ps` shows it to
 *   every user for the whole command. A URL without a password takes it from PGPASSWORD or the
 *   pass file (~/.pgpass, PGPASSFILE), as psql does.
 */

/** The folder the command was typed in. */
export function typedInFolder(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD ?? process.cwd();
}

/** A file or folder named on the command line, resolved against the folder the command was typed in. */
export function typedPath(file: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(typedInFolder(env), file);
}

/** Whether a postgres:// URL carries a password. */
export function urlHasPassword(url: string): boolean {
  try {
    return new URL(url).password !== '';
  } catch {
    return false;
  }
}

/**
 * A database named on the command line (`option` is how it was named, for messages): `env:NAME`,
 * a postgres:// URL, or a data directory. Throws on an `env:` variable that is not set or holds
 * neither a URL nor a directory.
 */
export function typedDatabase(spec: string, option: string, env: NodeJS.ProcessEnv = process.env): string {
  if (spec.startsWith('env:')) {
    const name = spec.slice(4);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`${option} env:${name}: "${name}" is not an environment variable's name`);
    const value = env[name];
    if (!value) throw new Error(`${option} env:${name}: the environment variable ${name} is not set`);
    return isPostgresUrl(value) ? value : typedPath(value, env);
  }
  return isPostgresUrl(spec) ? spec : typedPath(spec, env);
}

/** The warning for a password typed on the command line, or null. */
export function passwordOnCommandLine(spec: string, option: string): string | null {
  if (!isPostgresUrl(spec) || !urlHasPassword(spec)) return null;
  return (
    `Warning: the URL given to ${option} holds a password, which other users of this machine can read in ` +
    `the process list while the command runs. Pass it from the environment instead (${option} env:NAME), or ` +
    `leave it out of the URL and set PGPASSWORD or a pass file (~/.pgpass).`
  );
}
