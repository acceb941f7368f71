/**
 * `npm run admin -- <command>`: operator roles from the command line (docs/operators.md).
 *   grant <email> [--role admin|editor]   give the account of this e-mail a role (admin by default)
 *   revoke <email>                        take its role away (not the last admin's)
 *   list                                  the operators
 * The account must exist (sign up first). Each change is written to the audit log as made by the
 * command line. Exit code 1 when the change is refused or the database cannot be opened (the
 * embedded one is held by a running server: stop it, or use DATABASE_URL); 2 for a wrong command.
 */
import { readConfig } from '@/services/server/config';
import { openConfiguredDatabase } from '@/services/server/api-runtime';
import { isOperatorRole, OPERATOR_ROLES, type OperatorRole } from '@/services/server/accounts/sessions';
import { isApiError } from '@/services/server/gateway/api-error';
import { grantRole, listOperators, revokeRole } from '@/services/server/operators/roles';
import { runCommand } from './support/run-main';

const USAGE = `usage: npm run admin -- grant <email> [--role ${OPERATOR_ROLES.join('|')}] | revoke <email> | list`;

type Command = { kind: 'grant'; email: string; role: OperatorRole } | { kind: 'revoke'; email: string } | { kind: 'list' };

function parse(argv: readonly string[]): Command | string {
  const [kind, ...rest] = argv;
  let role: string = 'admin';
  const words: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--role') role = rest[++i] ?? '';
    else if (arg.startsWith('--role=')) role = arg.slice('--role='.length);
    else if (arg.startsWith('-')) return `unknown option ${arg}`;
    else words.push(arg);
  }
  if (kind === 'list') return words.length ? 'list takes no arguments' : { kind: 'list' };
  if (kind !== 'grant' && kind !== 'revoke') return kind ? `unknown command ${kind}` : 'no command given';
  if (words.length !== 1) return `${kind} takes one e-mail address`;
  if (kind === 'revoke') return { kind, email: words[0]! };
  if (!isOperatorRole(role)) return `unknown role "${role}" (${OPERATOR_ROLES.join(' or ')})`;
  return { kind, email: words[0]!, role };
}

async function main(command: Command): Promise<number> {
  const database = await openConfiguredDatabase(readConfig());
  try {
    if (command.kind === 'list') {
      const operators = await listOperators(database.db);
      if (operators.length === 0) console.log('No operators yet: npm run admin -- grant <email>');
      for (const o of operators) console.log(`${o.role.padEnd(7)} ${o.email ?? '(no e-mail)'}  ${o.name} (#${o.user_id})`);
    } else if (command.kind === 'grant') {
      const done = await grantRole(database.db, { via: 'cli' }, { email: command.email }, command.role);
      console.log(`${done.email} (#${done.user_id}) is now ${done.role}.`);
    } else {
      const done = await revokeRole(database.db, { via: 'cli' }, { email: command.email });
      console.log(`Account #${done.user_id} has no operator role now.`);
    }
    return 0;
  } catch (error) {
    if (!isApiError(error)) throw error;
    console.error(`Refused: ${error.detail ?? error.code}`);
    return 1;
  } finally {
    await database.close();
  }
}

runCommand(USAGE, parse, main);
