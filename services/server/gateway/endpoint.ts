import type { Logger } from 'pino';
import type { z } from 'zod';
import type { SettingsMap } from '@/services/domain/settings';
import type { BodyLimits, UploadedFile } from '@/services/server/gateway/body';
import type { AuthUser } from '@/services/server/accounts/sessions';
import type { AppServices } from '@/services/server/app-services';

/**
 * Who may call an endpoint. `public` endpoints still see the user when a valid token is sent.
 * `editor` and `admin` are the operators' (docs/operators.md): an admin may call both, an editor
 * the `editor` ones; their names begin with `admin_`, and only theirs do.
 */
export type Access = 'public' | 'user' | 'editor' | 'admin';

/** Whether an access level is an operator's. */
export const isOperatorAccess = (access: Access): access is 'editor' | 'admin' => access === 'editor' || access === 'admin';

/** The prefix of every operator endpoint's name, so that a reader and a firewall can tell them apart. */
export const OPERATOR_PREFIX = 'admin_';

export interface RequestContext {
  readonly requestId: string;
  readonly log: Logger;
  readonly user: AuthUser | null;
  /** Settings as they were when the request started. */
  readonly settings: SettingsMap;
  readonly files: readonly UploadedFile[];
  readonly ip: string;
  readonly app: AppServices;
  /**
   * Milliseconds since the request had fully arrived, before admission or a busy turn held it
   * (services/server/gateway/arrival.ts): an answer is timed `clock.now() - sinceArrival()`.
   */
  readonly sinceArrival: () => number;
  /** Now, on the app's clock (`app.clock`: the wall clock, or the one a test moves). */
  readonly now: () => Date;
}

/**
 * What a handler answers: `data`, the success code (default 'ok'), extra top-level keys.
 * `dataJson` is `data` already serialised, for answers that are the same for many calls.
 */
export interface HandlerResult {
  readonly data?: unknown;
  readonly dataJson?: string;
  readonly message?: string;
  readonly extra?: Readonly<Record<string, unknown>>;
}

export interface EndpointDef<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly access: Access;
  /** One schema per endpoint; its first failing field is named in the answer. */
  readonly input: S;
  readonly limits?: Partial<Omit<BodyLimits, 'fileDir'>>;
  /** Uploaded files are written to `<DATA_DIR>/uploads-in/` as they arrive (large files), not held in memory. */
  readonly filesToDisk?: boolean;
  /**
   * Answers players and guests while maintenance mode is on (settings, languages, sign-in).
   * Operators (a caller with a role) are answered anyway, so editor and admin endpoints leave it out.
   */
  readonly duringMaintenance?: boolean;
  handler(input: z.output<S>, ctx: RequestContext): Promise<HandlerResult>;
}

/** Declares an endpoint with its input type inferred from the schema. */
export function endpoint<S extends z.ZodType>(def: EndpointDef<S>): EndpointDef {
  return def as unknown as EndpointDef;
}

export class EndpointRegistry {
  private readonly byName = new Map<string, EndpointDef>();

  constructor(groups: readonly (readonly EndpointDef[])[]) {
    for (const group of groups) {
      for (const def of group) {
        if (!/^[a-z][a-z0-9_]*$/.test(def.name)) throw new Error(`endpoint name ${def.name} is not snake_case`);
        if (this.byName.has(def.name)) throw new Error(`endpoint ${def.name} is registered twice`);
        if (isOperatorAccess(def.access) !== def.name.startsWith(OPERATOR_PREFIX)) {
          throw new Error(`endpoint ${def.name}: operator endpoints (access editor or admin) and only they are named ${OPERATOR_PREFIX}…`);
        }
        this.byName.set(def.name, def);
      }
    }
  }

  get(name: string): EndpointDef | undefined {
    return this.byName.get(name);
  }

  names(): string[] {
    return [...this.byName.keys()].sort();
  }
}
