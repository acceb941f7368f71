'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { useContentLanguages } from '@/components/admin/content-views';
import { failureText, useSchemaForm } from '@/components/admin/form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { SelectField } from '@/components/ui/select-field';
import { SkeletonText } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { adminApi, type DailyPick, type ImportRun, type InfoPage } from '@/services/client/admin-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { dailyQuizForm, PAGE_KINDS, pageForm } from '@/services/domain/forms';
import { useAppSelector } from '@/services/store/hooks';
import { selectAppLanguages } from '@/services/store/selectors';

// ---------------------------------------------------------------------------------------------
// Import

/** How often a running import is asked for its progress. */
const IMPORT_POLL_MS = 1000;

const n = (v: number) => v.toLocaleString('en');

/**
 * `/admin/import/`: a CSV, Open Trivia DB or content file of any size through the importer, run by
 * the server as a job: its progress while it runs, then its report; and the latest imports.
 */
export function ImportView() {
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState('');
  const [language, setLanguage] = useState('en');
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [run, setRun] = useState<ImportRun | null>(null);
  const [listKey, setListKey] = useState(0);
  const runs = useApiQuery(`admin_import_runs:${listKey}`, () => adminApi.importRuns(), (d) => d.length === 0);

  // An import started elsewhere (another tab, another editor) and still running is shown too.
  const shown = run ?? (runs.status === 'content' ? runs.data.find((r) => r.status === 'running') : undefined) ?? null;
  // Follows a running import until it ends, then refreshes the list.
  const followed = shown?.status === 'running' ? shown.import_id : null;
  useEffect(() => {
    if (followed === null) return;
    let stop = false;
    const timer = setInterval(async () => {
      const next = await adminApi.importRun(followed);
      if (stop || !next.ok) return;
      setRun(next.data);
      if (next.data.status !== 'running') setListKey((k) => k + 1);
    }, IMPORT_POLL_MS);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [followed]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError('File: is required');
    setError(null);
    setRun(null);
    setUploading(true);
    const result = await adminApi.importFile(file, { format, language });
    setUploading(false);
    if (!result.ok) return setError(failureText(result));
    setRun(result.data);
    setListKey((k) => k + 1);
  };

  const busy = uploading || shown?.status === 'running';
  return (
    <>
      <h1 className="text-2xl font-bold">Import questions</h1>
      <p className="text-fg-muted">
        A CSV file (one question per row, every kind but fun and learn), an Open Trivia Database JSON file, or a content file (docs/content.md), up to 2 GB. The server imports it in batches while
        players keep playing: questions already stored are counted as duplicates, never stored twice; a row that breaks a rule is reported with its reason and the others are imported. An import
        that was interrupted is finished by importing the same file again.
      </p>
      <Card as="section" className="flex flex-col gap-3">
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 md:grid-cols-3">
          {error ? <Alert className="md:col-span-3">{error}</Alert> : null}
          <div className="flex flex-col gap-1">
            <label htmlFor="import-file" className="text-sm font-medium">
              File
            </label>
            <input id="import-file" type="file" accept=".csv,.json,text/csv,application/json" onChange={(e) => setFile(e.target.files?.[0] ?? null)} className="min-h-touch" />
          </div>
          <SelectField
            id="import-format"
            label="Format"
            value={format}
            options={[
              { value: '', label: 'Detect from the file' },
              { value: 'csv', label: 'CSV' },
              { value: 'opentdb', label: 'Open Trivia Database JSON' },
              { value: 'content', label: 'Content file (JSON)' },
            ]}
            onChange={setFormat}
          />
          <TextField id="import-language" label="Language of rows that name none" value={language} limit={20} onChange={(e) => setLanguage(e.target.value)} />
          <Button type="submit" className="self-start md:col-span-3" disabled={busy}>
            {uploading ? `Uploading ${file ? `${(file.size / 1048576).toFixed(1)} MB` : ''}…` : shown?.status === 'running' ? 'Importing…' : 'Import'}
          </Button>
        </form>
      </Card>
      {shown ? <ImportRunReport run={shown} /> : null}
      <section aria-labelledby="import-runs" className="flex flex-col gap-2">
        <h2 id="import-runs" className="text-xl font-semibold">
          Latest imports
        </h2>
        {runs.status === 'loading' ? (
          <SkeletonText label="Loading the imports" />
        ) : runs.status === 'error' ? (
          <ErrorWithRetry title="Could not load" message="The latest imports could not be loaded." retryLabel="Try again" onRetry={runs.retry} />
        ) : runs.status === 'empty' ? (
          <EmptyState title="No imports yet" description="Files imported here or with npm run import are listed with what they stored." />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">Latest imports</caption>
              <thead className="bg-surface-muted">
                <tr>
                  {['#', 'File', 'Status', 'Read', 'Imported', 'Duplicates', 'Refused', 'Started'].map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 text-start">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {runs.data.map((r) => (
                  <tr key={r.import_id} className="border-t border-line">
                    <td className="px-3 py-2">{r.import_id}</td>
                    <td className="px-3 py-2">
                      <button type="button" className="text-start underline" onClick={() => void adminApi.importRun(r.import_id).then((x) => x.ok && setRun(x.data))}>
                        {r.file_name}
                      </button>{' '}
                      <span className="text-fg-muted">
                        ({r.format}, {r.via})
                      </span>
                    </td>
                    <td className="px-3 py-2">{r.status}</td>
                    <td className="px-3 py-2">{n(r.read)}</td>
                    <td className="px-3 py-2">{n(r.inserted + r.updated)}</td>
                    <td className="px-3 py-2">{n(r.duplicates)}</td>
                    <td className="px-3 py-2">{n(r.rejected_count)}</td>
                    <td className="px-3 py-2">{new Date(r.created_at).toLocaleString()}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

/** One run: its progress while it runs, then its counts, its refusals and why it stopped. */
function ImportRunReport({ run }: { run: ImportRun }) {
  const share = run.total_bytes ? Math.min(1, run.bytes_read / run.total_bytes) : null;
  const seconds = Math.max(0.001, ((run.finished_at ? new Date(run.finished_at) : new Date(run.updated_at)).getTime() - new Date(run.created_at).getTime()) / 1000);
  return (
    <section aria-labelledby="import-report" className="flex flex-col gap-2">
      <h2 id="import-report" className="text-xl font-semibold">
        Import #{run.import_id}: {run.file_name}
      </h2>
      {run.status === 'running' ? (
        <div className="flex flex-col gap-1">
          <progress className="h-3 w-full" max={1} value={share ?? undefined} aria-label="Share of the file imported" />
          <p role="status" data-testid="import-progress">
            {share !== null ? `${Math.round(share * 100)} % · ` : ''}
            {n(run.read)} rows read · {n(Math.round(run.read / seconds))} rows/s · {n(run.inserted)} imported, {n(run.duplicates)} duplicates, {n(run.rejected_count)} refused
          </p>
        </div>
      ) : (
        <p role="status" data-testid="import-summary">
          {run.format}: {n(run.read)} read, {n(run.inserted)} imported{run.updated ? `, ${n(run.updated)} updated` : ''}, {n(run.duplicates)} duplicates, {n(run.rejected_count)} rejected
          {run.status === 'done' ? ` in ${seconds.toFixed(1)} s.` : '.'}
        </p>
      )}
      {run.status === 'failed' ? <Alert>Stopped: {run.error}</Alert> : null}
      {run.status === 'interrupted' ? <Alert>This import was interrupted (the server stopped under it). The rows it stored are kept: import the same file again to finish it.</Alert> : null}
      {run.rejected.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Rejected rows</caption>
            <thead className="bg-surface-muted">
              <tr>
                <th scope="col" className="px-3 py-2 text-start">
                  Row
                </th>
                <th scope="col" className="px-3 py-2 text-start">
                  Why it was rejected
                </th>
              </tr>
            </thead>
            <tbody>
              {run.rejected.map((r, i) => (
                <tr key={`${r.row}:${i}`} className="border-t border-line">
                  <td className="px-3 py-2">{r.row}</td>
                  <td className="px-3 py-2">{r.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {run.rejected_count > run.rejected.length ? (
            <p className="text-fg-muted">
              The first {n(run.rejected.length)} of {n(run.rejected_count)} rejected rows. `npm run import -- file --report refused.csv` writes every one to a file.
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// Info pages

const PAGE_TITLES: Record<(typeof PAGE_KINDS)[number], string> = {
  about_us: 'About us',
  privacy_policy: 'Privacy policy',
  terms_conditions: 'Terms and conditions',
  contact_us: 'Contact us',
  instructions: 'How to play',
  faq: 'FAQ',
};

/** `/admin/pages/`: the info pages of one interface language. */
export function PagesView() {
  const appLanguages = useAppSelector(selectAppLanguages);
  const [language, setLanguage] = useState('en');
  const list = useApiQuery(`admin_pages:${language}`, () => adminApi.pages(language), (d) => d.length === 0);
  const options = appLanguages.length ? appLanguages.map((l) => ({ value: l.name, label: l.title })) : [{ value: 'en', label: 'English' }];
  return (
    <>
      <h1 className="text-2xl font-bold">Pages</h1>
      <SelectField id="pages-language" label="Interface language" className="max-w-xs" value={language} options={options} onChange={setLanguage} />
      {list.status === 'loading' ? (
        <SkeletonText label="Loading the pages" />
      ) : list.status !== 'content' ? (
        <ErrorWithRetry title="Could not load" message="The pages could not be loaded." retryLabel="Try again" onRetry={list.retry} />
      ) : (
        list.data.map((p) => <PageForm key={`${language}:${p.type}`} page={p} />)
      )}
    </>
  );
}

function PageForm({ page }: { page: InfoPage }) {
  const form = useSchemaForm(pageForm);
  const [title, setTitle] = useState(page.title);
  const [content, setContent] = useState(page.content);
  const [items, setItems] = useState(page.items);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const id = `page-${page.type}`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const input = form.check({ type: page.type, language: page.language, title, content, items });
    if (!input) return;
    setBusy(true);
    const result = await adminApi.savePage({ ...input, items: JSON.stringify(input.items) });
    setBusy(false);
    if (!result.ok) return form.refused(result);
    setSaved(true);
  };

  return (
    <Card as="section" aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {PAGE_TITLES[page.type]}
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
        {form.errors[''] ? <Alert>{form.errors['']}</Alert> : null}
        {saved ? (
          <Alert tone="success">
            <span role="status">Saved.</span>
          </Alert>
        ) : null}
        <TextField id={`${id}-heading`} label="Title" value={title} limit={200} onChange={(e) => setTitle(e.target.value)} error={form.errors.title} />
        {page.type === 'faq' ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium">Questions and answers</legend>
            {items.map((item, i) => (
              <div key={i} className="grid gap-2 md:grid-cols-[1fr_2fr_auto]">
                <TextField id={`${id}-q${i}`} label={`Question ${i + 1}`} value={item.question} onChange={(e) => setItems(items.map((it, j) => (j === i ? { ...it, question: e.target.value } : it)))} />
                <TextField id={`${id}-a${i}`} label={`Answer ${i + 1}`} value={item.answer} onChange={(e) => setItems(items.map((it, j) => (j === i ? { ...it, answer: e.target.value } : it)))} />
                <Button variant="ghost" className="self-end" onClick={() => setItems(items.filter((_, j) => j !== i))}>
                  Remove <span className="sr-only">question {i + 1}</span>
                </Button>
              </div>
            ))}
            {form.errors.items ? <p className="text-sm text-danger">{form.errors.items}</p> : null}
            <Button variant="secondary" className="self-start" onClick={() => setItems([...items, { question: '', answer: '' }])}>
              Add a question
            </Button>
          </fieldset>
        ) : (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-content`} className="text-sm font-medium">
              Text (HTML allowed: p, h2, ul, li, a, strong, em)
            </label>
            <textarea id={`${id}-content`} rows={8} value={content} onChange={(e) => setContent(e.target.value)} className="rounded-control border border-line-strong bg-surface p-3 font-mono text-sm" />
            {form.errors.content ? <p className="text-sm text-danger">{form.errors.content}</p> : null}
          </div>
        )}
        <Button type="submit" variant="secondary" className="self-start" disabled={busy}>
          Save {PAGE_TITLES[page.type]}
        </Button>
      </form>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------
// Daily quiz

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** `/admin/daily-quiz/`: the questions of a day's daily quiz, per content language. */
export function DailyQuizView() {
  const languages = useContentLanguages();
  const [languageId, setLanguageId] = useState<number | null>(null);
  const [day, setDay] = useState(tomorrow);
  const language = languages.status === 'content' ? (languageId ?? languages.data[0]!.id) : null;
  return (
    <>
      <h1 className="text-2xl font-bold">Daily quiz</h1>
      <p className="text-fg-muted">Pick the questions of a coming day; a day without picks is drawn at random from the quiz zone when its first player opens it. A day being played cannot change.</p>
      {languages.status === 'loading' ? (
        <SkeletonText label="Loading the languages" />
      ) : languages.status !== 'content' ? (
        <ErrorWithRetry title="Could not load" message="The content languages could not be loaded." retryLabel="Try again" onRetry={languages.retry} />
      ) : (
        <>
          <div className="flex flex-wrap gap-3">
            <SelectField id="daily-language" label="Content language" value={String(language)} options={languages.data.map((l) => ({ value: String(l.id), label: l.language }))} onChange={(v) => setLanguageId(Number(v))} />
            <TextField id="daily-day" label="Day" type="date" value={day} onChange={(e) => setDay(e.target.value)} />
          </div>
          {/^\d{4}-\d{2}-\d{2}$/.test(day) ? <DailyPickForm key={`${language}:${day}`} languageId={language!} day={day} /> : null}
        </>
      )}
    </>
  );
}

function DailyPickForm({ languageId, day }: { languageId: number; day: string }) {
  const pick = useApiQuery(`admin_daily_quiz:${languageId}:${day}`, () => adminApi.dailyQuiz(languageId, day), () => false);
  if (pick.status === 'loading') return <SkeletonText label="Loading the day" />;
  if (pick.status !== 'content') return <ErrorWithRetry title="Could not load" message="The day could not be loaded." retryLabel="Try again" onRetry={pick.retry} />;
  return <DailyPickEditor initial={pick.data} />;
}

function DailyPickEditor({ initial }: { initial: DailyPick }) {
  const form = useSchemaForm(dailyQuizForm);
  const [pick, setPick] = useState(initial);
  const [ids, setIds] = useState(initial.questions.map((q) => q.id).join(', '));
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const input = form.check({ language_id: pick.language_id, day: pick.day, question_ids: ids });
    if (!input) return;
    setBusy(true);
    const result = await adminApi.setDailyQuiz(pick.language_id, pick.day, input.question_ids);
    setBusy(false);
    if (!result.ok) return form.refused(result);
    setPick(result.data);
    setSaved(true);
  };

  return (
    <Card as="section" className="flex flex-col gap-3" aria-label={`Daily quiz of ${pick.day}`}>
      {pick.questions.length === 0 ? (
        <p>No picks: this day is drawn at random.</p>
      ) : (
        <ol className="flex list-decimal flex-col gap-1 ps-6" data-testid="daily-picks">
          {pick.questions.map((q) => (
            <li key={q.id}>
              #{q.id} {q.question} <span className="text-fg-muted">({q.category_name})</span>
            </li>
          ))}
        </ol>
      )}
      {pick.locked ? (
        <Alert tone="info">This day’s quiz is fixed: it is today’s (already drawn) or past.</Alert>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
          {form.errors[''] ?? form.errors.day ? <Alert>{form.errors[''] ?? form.errors.day}</Alert> : null}
          {saved ? (
            <Alert tone="success">
              <span role="status">Saved.</span>
            </Alert>
          ) : null}
          <TextField
            id="daily-ids"
            label="Question ids, in order (quiz zone, multiple choice or true/false)"
            value={ids}
            onChange={(e) => setIds(e.target.value)}
            error={form.errors.question_ids}
            hint="Find ids on the Questions page. Leave empty for a random draw."
          />
          <Button type="submit" variant="secondary" className="self-start" disabled={busy}>
            Save the picks
          </Button>
        </form>
      )}
    </Card>
  );
}
