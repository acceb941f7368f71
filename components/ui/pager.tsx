import { Button } from '@/components/ui/button';

export interface PagerProps {
  /** Zero-based page shown. */
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  labels: { nav: string; previous: string; next: string; position: string };
}

/** Previous / next buttons around "page n of m"; hidden when everything fits on one page. */
export function Pager({ page, pageCount, onPage, labels }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={labels.nav} className="flex items-center justify-between gap-2">
      <Button variant="secondary" onClick={() => onPage(page - 1)} disabled={page <= 0}>
        {labels.previous}
      </Button>
      <p aria-live="polite" className="text-fg-muted">
        {labels.position}
      </p>
      <Button variant="secondary" onClick={() => onPage(page + 1)} disabled={page >= pageCount - 1}>
        {labels.next}
      </Button>
    </nav>
  );
}
