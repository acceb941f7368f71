'use client';

import { Flag, Star } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from '@/services/client/i18n';
import type { Bookmarks } from '@/components/solo-play/use-bookmarks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { FieldError } from '@/components/ui/field-notes';
import { reportQuestion } from '@/services/client/play-api';
import { messageKeyFor } from '@/services/domain/code-messages';

/** A quiet round icon button: the question's own tools stay out of the answers' way (the name is in `aria-label` and the tooltip). */
const ICON = 'inline-flex size-touch items-center justify-center rounded-full text-fg-muted hover:bg-surface-muted hover:text-fg disabled:cursor-not-allowed disabled:opacity-60';

/** Bookmarks the question on screen, or removes the bookmark: a toggle button. */
export function BookmarkToggle({ questionId, bookmarks }: { questionId: number; bookmarks: Bookmarks }) {
  const { t } = useTranslation();
  const on = bookmarks.isBookmarked(questionId);
  const { shown } = bookmarks;
  useEffect(() => shown(questionId), [shown, questionId]);
  return (
    <button
      type="button"
      className={`${ICON} ${on ? 'text-coin' : ''}`}
      aria-pressed={on}
      aria-label={t('bookmark.toggle')}
      title={t('bookmark.toggle')}
      disabled={!bookmarks.ready(questionId) || bookmarks.busyId === questionId}
      onClick={() => void bookmarks.toggle(questionId)}
    >
      <Star aria-hidden="true" className={`size-6 ${on ? 'fill-current' : ''}`} />
    </button>
  );
}

/** Reports the question on screen with a reason; an empty reason is refused before anything is sent. */
export function ReportQuestionButton({ questionId, kind }: { questionId: number; kind?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={ICON} aria-label={t('report.button')} title={t('report.button')} onClick={() => setOpen(true)}>
        <Flag aria-hidden="true" className="size-6" />
      </button>
      {open ? <ReportDialog questionId={questionId} kind={kind} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ReportDialog({ questionId, kind, onClose }: { questionId: number; kind?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const message = reason.trim();
    setFailure(null);
    if (!message) {
      setError(t('report.reason_required'));
      document.getElementById('report-reason')?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    const result = await reportQuestion(questionId, message, kind);
    setBusy(false);
    if (result.ok) {
      toast.success(t('codes.report_submitted'));
      onClose();
    } else if (result.code === '103' && result.field === 'message') {
      setError(t('report.reason_required'));
    } else {
      setFailure(t(result.status === 0 ? 'errors.network' : messageKeyFor(result.code)));
    }
  };

  return (
    <FormDialog open title={t('report.title')} description={t('report.description')} onClose={onClose} busy={busy}>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="flex flex-col gap-1">
          <label htmlFor="report-reason" className="text-sm font-medium">
            {t('report.reason')}
          </label>
          <textarea
            id="report-reason"
            data-autofocus
            rows={4}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'report-reason-error' : undefined}
            className="rounded-control border border-line-strong bg-surface px-3 py-2 text-base text-fg aria-invalid:border-danger"
          />
          {error ? <FieldError id="report-reason-error">{error}</FieldError> : null}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('report.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? t('report.sending') : t('report.send')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
