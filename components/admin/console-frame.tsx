'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { createContext, use, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { LogoMark } from '@/components/shell/app-bar';
import { ButtonLink } from '@/components/ui/button';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { SkeletonText } from '@/components/ui/skeleton';
import { adminApi, type OperatorRole, type Whoami } from '@/services/client/admin-api';
import { useApiQuery } from '@/services/client/use-api-query';

/**
 * The console's frame (docs/operators.md): asks the server who the operator is, then shows the
 * sections of the operator's role. The server checks every call again; this only spares an
 * editor the links that would answer 403.
 */

const ConsoleContext = createContext<Whoami | null>(null);

/** The operator the console was opened by (inside the frame only). */
export function useOperator(): Whoami {
  const who = use(ConsoleContext);
  if (!who) throw new Error('useOperator is for pages inside the console frame');
  return who;
}

interface Section {
  href: string;
  label: string;
  role: OperatorRole;
}

/** The console's sections; `editor` ones are open to both roles. */
export const CONSOLE_SECTIONS: readonly Section[] = [
  { href: '/admin/', label: 'Dashboard', role: 'editor' },
  { href: '/admin/content/', label: 'Categories', role: 'editor' },
  { href: '/admin/questions/', label: 'Questions', role: 'editor' },
  { href: '/admin/reports/', label: 'Reports', role: 'editor' },
  { href: '/admin/import/', label: 'Import', role: 'editor' },
  { href: '/admin/daily-quiz/', label: 'Daily quiz', role: 'editor' },
  { href: '/admin/pages/', label: 'Pages', role: 'editor' },
  { href: '/admin/players/', label: 'Players', role: 'admin' },
  { href: '/admin/contests/', label: 'Contests', role: 'admin' },
  { href: '/admin/exams/', label: 'Exams', role: 'admin' },
  { href: '/admin/payments/', label: 'Payouts', role: 'admin' },
  { href: '/admin/live/', label: 'Live games', role: 'admin' },
  { href: '/admin/notifications/', label: 'Notifications', role: 'admin' },
  { href: '/admin/settings/', label: 'Settings', role: 'admin' },
  { href: '/admin/operators/', label: 'Operators', role: 'admin' },
  { href: '/admin/audit/', label: 'Audit log', role: 'admin' },
];

const allows = (role: OperatorRole, needed: OperatorRole) => needed === 'editor' || role === 'admin';

export function ConsoleFrame({ children }: { children: ReactNode }) {
  const pathname = usePathname() ?? '/admin/';
  // 403 is an answer, not a failure: this account is not an operator.
  const who = useApiQuery('admin_whoami', () => adminApi.whoami().then((r) => (!r.ok && r.status === 403 ? { ...r, code: '102' } : r)), () => false);
  const whoami = who.status === 'content' ? who.data : null;

  if (who.status === 'loading') {
    return (
      <ConsoleShell>
        <SkeletonText label="Loading the console" lines={6} />
      </ConsoleShell>
    );
  }
  if (who.status === 'empty') {
    return (
      <ConsoleShell>
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold">Operators only</h1>
        <Alert>The console is for operators. An admin can give your account a role (docs/operators.md).</Alert>
        <ButtonLink href="/" variant="secondary" className="self-start">
          Home
        </ButtonLink>
      </div>
      </ConsoleShell>
    );
  }
  if (who.status !== 'content') {
    return (
      <ConsoleShell>
        <ErrorWithRetry title="The console could not open" message="Your role could not be checked. Is the server up?" retryLabel="Try again" onRetry={who.retry} />
      </ConsoleShell>
    );
  }
  return (
    <ConsoleContext value={whoami}>
      <ConsoleShell>
        <div className="flex flex-col gap-6 lg:flex-row">
          {/* Phones: one row of sections that scrolls sideways; from lg up, a column beside the page. */}
          <nav aria-label="Console" className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:w-52 lg:shrink-0 lg:overflow-visible lg:px-0">
            <p className="mb-2 hidden text-sm text-fg-muted lg:block">
              {who.data.name || `#${who.data.user_id}`} ({who.data.role})
            </p>
            <ul className="flex gap-1 lg:flex-col">
              {CONSOLE_SECTIONS.filter((s) => allows(who.data.role, s.role)).map((s) => {
                const current = s.href === '/admin/' ? pathname === '/admin/' || pathname === '/admin' : pathname.startsWith(s.href);
                return (
                  <li key={s.href} className="shrink-0">
                    <Link
                      href={s.href}
                      aria-current={current ? 'page' : undefined}
                      className="flex min-h-touch items-center whitespace-nowrap rounded-control px-3 no-underline hover:bg-surface-muted aria-[current=page]:bg-accent-soft aria-[current=page]:font-semibold"
                    >
                      {s.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="flex min-w-0 flex-1 flex-col gap-4">{children}</div>
        </div>
      </ConsoleShell>
    </ConsoleContext>
  );
}

/**
 * The console's own frame: its bar (the mark, "Console", the way back to the app) and its page,
 * in English and left to right whatever language the player side is in (the console is written
 * for operators in English: docs/operators.md).
 */
function ConsoleShell({ children }: { children: ReactNode }) {
  return (
    <div dir="ltr" lang="en" className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-line bg-surface">
        <div className="mx-auto flex h-14 w-full max-w-7xl items-center gap-3 px-4">
          <Link href="/admin/" className="me-auto flex min-h-touch items-center gap-2 text-fg no-underline">
            <LogoMark />
            <span className="font-display text-xl font-bold">Console</span>
          </Link>
          <Link href="/" className="inline-flex min-h-touch items-center rounded-control px-3 font-semibold no-underline hover:bg-surface-muted">
            Back to the app
          </Link>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-4 px-4 py-4 sm:py-6">{children}</div>
    </div>
  );
}

/** A page of the admin role: an editor is told so (the server refuses its calls with 403 anyway). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const who = useOperator();
  if (who.role === 'admin') return <>{children}</>;
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-2xl font-bold">Admins only</h1>
      <Alert>This page is for admins. Your role, editor, covers content.</Alert>
      <ButtonLink href="/admin/" variant="secondary" className="self-start">
        Back to the console
      </ButtonLink>
    </div>
  );
}
