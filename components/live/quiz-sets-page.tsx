'use client';

import { FilePlus2, Pencil, Presentation, Trash2, Upload } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { QuizSetEditor } from '@/components/live/quiz-set-editor';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { PageHeading } from '@/components/ui/page-heading';
import { SkeletonText } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { formatDateTime } from '@/components/profile/format';
import { useTranslation } from '@/services/client/i18n';
import { deleteQuizSet, importQuizSet, quizSets } from '@/services/client/quiz-sets-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { QUIZ_SET_CSV_COLUMNS, QUIZ_SET_TITLE_MAX, type QuizSetItem } from '@/services/domain/quiz-sets';

/**
 * /live/quizzes/: "My quizzes", the player's own quiz sets for the live games they host (private to
 * them): the list with host, edit and delete, a new set, an import of a CSV or content file;
 * /live/quizzes/?set=12 edits one, /live/quizzes/?set=new starts one.
 */
export function QuizSetsPage({ setId }: { setId?: number | 'new' }) {
  if (setId !== undefined) return <QuizSetEditor setId={setId === 'new' ? null : setId} />;
  return <QuizSetList />;
}

function QuizSetList() {
  const { t, i18n } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const query = useApiQuery(`quiz-sets:${attempt}`, () => quizSets(0, 100), (d) => d.total === 0);
  const [deleting, setDeleting] = useState<QuizSetItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const reload = () => setAttempt((n) => n + 1);

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    const res = await deleteQuizSet(deleting.id);
    setBusy(false);
    setDeleting(null);
    if (res.ok) reload();
    else setFailed(t('live.quizzes.delete_failed'));
  };

  return (
    <section className="flex flex-col gap-4">
      <PageHeading title={t('live.quizzes.title')} description={t('live.quizzes.intro')} />
      <div className="flex flex-wrap gap-2">
        <ButtonLink href="/live/quizzes/?set=new">
          <FilePlus2 aria-hidden="true" className="size-5" />
          {t('live.quizzes.new')}
        </ButtonLink>
        <ButtonLink href="/live/reports/" variant="secondary">
          {t('live.host.my_games')}
        </ButtonLink>
      </div>
      {failed ? <Alert>{failed}</Alert> : null}
      {query.status === 'loading' ? (
        <SkeletonText label={t('common.loading')} lines={5} />
      ) : query.status === 'error' ? (
        <ErrorWithRetry title={t('common.error_title')} message={t('live.quizzes.load_failed')} retryLabel={t('common.retry')} onRetry={query.retry} />
      ) : query.status === 'empty' ? (
        <EmptyState title={t('live.quizzes.none')} description={t('live.quizzes.none_hint')} />
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('live.quizzes.title')}>
          {query.data.rows.map((set) => (
            <li key={set.id}>
              <Card className="flex flex-wrap items-center gap-3">
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-semibold" dir="auto">
                    {set.title}
                  </span>
                  <span className="text-sm text-fg-muted">
                    {t('count.questions', { count: set.question_count })} · {formatDateTime(set.updated_at, i18n.language)}
                  </span>
                </span>
                <span className="flex gap-1">
                  <ButtonLink href={`/live/host/?set=${set.id}`} aria-label={t('live.quizzes.host', { title: set.title })}>
                    <Presentation aria-hidden="true" className="size-5" />
                  </ButtonLink>
                  <ButtonLink href={`/live/quizzes/?set=${set.id}`} variant="secondary" aria-label={t('live.quizzes.edit', { title: set.title })}>
                    <Pencil aria-hidden="true" className="size-5" />
                  </ButtonLink>
                  <Button variant="ghost" onClick={() => setDeleting(set)} aria-label={t('live.quizzes.delete', { title: set.title })}>
                    <Trash2 aria-hidden="true" className="size-5" />
                  </Button>
                </span>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ImportForm onImported={reload} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('live.quizzes.delete_title')}
        message={t('live.quizzes.delete_message', { title: deleting?.title ?? '' })}
        confirmLabel={t('live.quizzes.delete_confirm')}
        cancelLabel={t('common.cancel')}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </section>
  );
}

/** A CSV or content file made into a new set; a refused file says every problem, naming its question. */
function ImportForm({ onImported }: { onImported: () => void }) {
  const { t } = useTranslation();
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setProblem(t('live.quizzes.file_required'));
      return;
    }
    setBusy(true);
    setProblem(null);
    const res = await importQuizSet(file, title.trim() || undefined);
    setBusy(false);
    if (res.ok) {
      onImported();
      router.push(`/live/quizzes/?set=${res.data.id}`);
    } else setProblem(res.detail ?? t('live.quizzes.import_failed'));
  };
  return (
    <Card as="section" aria-labelledby="quiz-import-heading" className="flex flex-col gap-3">
      <h2 id="quiz-import-heading" className="text-lg font-bold">
        {t('live.quizzes.import_title')}
      </h2>
      <p className="text-sm text-fg-muted">{t('live.quizzes.import_hint', { columns: QUIZ_SET_CSV_COLUMNS.join(', ') })}</p>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="quiz-import-file" className="text-sm font-medium text-fg-muted">
            {t('live.quizzes.file')}
          </label>
          <input id="quiz-import-file" type="file" accept=".csv,.json,text/csv,application/json" className="min-h-touch" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </div>
        <TextField id="quiz-import-title" label={t('live.quizzes.import_name')} value={title} limit={QUIZ_SET_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} />
        {problem ? <Alert>{problem}</Alert> : null}
        <Button type="submit" variant="secondary" disabled={busy} className="self-start">
          <Upload aria-hidden="true" className="size-5" />
          {busy ? t('live.quizzes.importing') : t('live.quizzes.import')}
        </Button>
      </form>
    </Card>
  );
}
