'use client';

import { ChevronRight, ClipboardList } from 'lucide-react';
import { formatDateTime } from '@/components/profile/format';
import { LinkCard } from '@/components/ui/card';
import { useTranslation } from '@/services/client/i18n';
import type { AssignmentHostItem } from '@/services/domain/assignments';

/** A host's assignments as links to their pages: status, closing time, pupils finished (the assignments page and the reports page). */
export function AssignmentItems({ rows }: { rows: readonly AssignmentHostItem[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="flex flex-col gap-2">
      {rows.map((a) => (
        <li key={a.id}>
          <LinkCard href={`/live/assignments/?id=${a.id}`} className="flex items-center gap-3">
            <ClipboardList aria-hidden="true" className="size-5 shrink-0 text-fg-muted" />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate font-semibold" dir="auto">
                {a.title}
              </span>
              <span className="text-sm text-fg-muted">
                {t(`assignment.host.status_${a.status}`)} · {t('assignment.closes', { when: formatDateTime(new Date(a.closes_at).toISOString(), i18n.language) })} ·{' '}
                {t('assignment.host.finished_of', { n: a.finished_count, count: a.pupil_count })}
              </span>
            </span>
            <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-fg-muted rtl:rotate-180" />
          </LinkCard>
        </li>
      ))}
    </ul>
  );
}
