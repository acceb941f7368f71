'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { createContext, use, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
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

  if (who.status === 'loading') return <SkeletonText label="Loading the console" lines={6} />;
  if (who.status === 'empty') {
    return (
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold">Operators only</h1>
        <Alert>The console is for operators. An admin can give your account a role (docs/operators.md).</Alert>
        <ButtonLink href="/" variant="secondary" className="self-start">
          Home
        </ButtonLink>
      </div>
    );
  }
  if (who.status !== 'content') {
    return (
      <ErrorWithRetry title="The console could not open" message="Your role could not be checked. Is the server up?" retryLabel="Try again" onRetry={who.retry} />
    );
  }
  return (
    <ConsoleContext value={whoami}>
      <div className="flex flex-col gap-6 lg:flex-row">
        <nav aria-label="Console" className="lg:w-48 lg:shrink-0">
          <p className="mb-2 text-sm text-fg-muted">
            Console · {who.data.name || `#${who.data.user_id}`} ({who.data.role})
          </p>
          <ul className="flex flex-wrap gap-1 lg:flex-col">
            {CONSOLE_SECTIONS.filter((s) => allows(who.data.role, s.role)).map((s) => {
              const current = s.href === '/admin/' ? pathname === '/admin/' || pathname === '/admin' : pathname.startsWith(s.href);
              return (
                <li key={s.href}>
                  <Link
                    href={s.href}
                    aria-current={current ? 'page' : undefined}
                    className="flex min-h-touch items-center rounded-control px-3 no-underline hover:bg-surface-muted aria-[current=page]:bg-accent-soft aria-[current=page]:font-semibold"
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
    </ConsoleContext>
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
