'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { kindLabel, useContentLanguages } from '@/components/admin/content-views';
import { useSchemaForm } from '@/components/admin/form';
import { CheckField, MediaField } from '@/components/admin/media-field';
import { Alert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { SelectField } from '@/components/ui/select-field';
import { SkeletonText } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { adminApi, type AdminQuestion } from '@/services/client/admin-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { CATEGORY_KINDS, questionForm } from '@/services/domain/forms';

type Shape = AdminQuestion['question_type'];
const LETTERS = ['a', 'b', 'c', 'd', 'e'] as const;

/** The shapes each kind plays (decision 017). */
const SHAPES: Record<number, readonly Shape[]> = { 1: ['multiple', 'boolean'], 2: ['multiple', 'boolean'], 3: ['word'], 4: ['multiple', 'boolean'], 5: ['multiple', 'boolean'], 6: ['multiselect', 'sequence'] };
const LEVELLED = new Set([1, 6]);
const SHAPE_LABELS: Record<Shape, string> = { multiple: 'Multiple choice', boolean: 'True / false', word: 'A word to spell', multiselect: 'Several right options', sequence: 'Put in order' };
/** How many option fields a shape shows. */
const OPTION_FIELDS: Record<Shape, number> = { multiple: 5, boolean: 2, word: 0, multiselect: 5, sequence: 5 };

interface Values {
  type: number;
  language_id: number | null;
  category_id: string;
  subcategory_id: string;
  /** Fun and learn: the reading the question follows. */
  reading_id: string;
  question_type: Shape;
  question: string;
  options: string[];
  answer: string;
  level: string;
  note: string;
  image: string;
  audio: string;
  transcript: string;
  active: boolean;
}

const blank = (type = 1, languageId: number | null = null, categoryId = '', readingId = ''): Values => ({
  type,
  language_id: languageId,
  category_id: categoryId,
  subcategory_id: '',
  reading_id: readingId,
  question_type: SHAPES[type]?.[0] ?? 'multiple',
  question: '',
  options: ['', '', '', '', ''],
  answer: '',
  level: '1',
  note: '',
  image: '',
  audio: '',
  transcript: '',
  active: true,
});

const fromQuestion = (q: AdminQuestion, type: number): Values => ({
  type,
  language_id: q.language_id,
  category_id: String(q.category_id),
  subcategory_id: q.subcategory_id ? String(q.subcategory_id) : '',
  reading_id: q.fun_n_learn_id ? String(q.fun_n_learn_id) : '',
  question_type: q.question_type,
  question: q.question,
  options: [...q.options, '', '', '', '', ''].slice(0, 5),
  answer: q.answer,
  level: String(q.level),
  note: q.note,
  image: q.image ?? '',
  audio: q.audio ?? '',
  transcript: q.transcript ?? '',
  active: q.active,
});

/** `/admin/questions/new/` (optionally `?category_id=`) and `/admin/questions/<id>/`. */
export function QuestionEditorPage({ questionId, categoryId, readingId, justCreated = false }: { questionId?: number; categoryId?: number; readingId?: number; justCreated?: boolean }) {
  const languages = useContentLanguages();
  const question = useApiQuery(`admin_question:${questionId ?? 'new'}`, () => (questionId ? adminApi.question(questionId) : Promise.resolve({ ok: true as const, data: null, message: '', meta: {} })), () => false);
  const startCategory = questionId ? (question.status === 'content' ? question.data?.category_id : undefined) : categoryId;
  const category = useApiQuery(`admin_category:${startCategory ?? 'none'}`, () => (startCategory ? adminApi.category(startCategory) : Promise.resolve({ ok: true as const, data: null, message: '', meta: {} })), () => false);

  const ready = languages.status === 'content' && question.status === 'content' && category.status === 'content';
  const failed = [languages, question, category].find((q) => q.status === 'error' || q.status === 'empty');
  return (
    <>
      <BackLink href="/admin/questions/" label="Questions" />
      <h1 className="text-2xl font-bold">{questionId ? `Question #${questionId}` : 'New question'}</h1>
      {failed ? (
        failed.status === 'empty' && questionId ? (
          <EmptyState title={`There is no question #${questionId}`} />
        ) : (
          <ErrorWithRetry title="Could not load" message="The question or its category could not be loaded." retryLabel="Try again" onRetry={failed.retry} />
        )
      ) : !ready ? (
        <SkeletonText label="Loading the editor" lines={8} />
      ) : (
        <QuestionForm
          initial={
            question.data
              ? fromQuestion(question.data, category.data?.type ?? 1)
              : blank(category.data?.type ?? 1, category.data?.language_id ?? languages.data[0]!.id, category.data ? String(category.data.id) : '', readingId ? String(readingId) : '')
          }
          languages={languages.data}
          questionId={questionId}
          justCreated={justCreated}
        />
      )}
    </>
  );
}

function QuestionForm({ initial, languages, questionId, justCreated = false }: { initial: Values; languages: { id: number; language: string; code: string }[]; questionId?: number; justCreated?: boolean }) {
  const router = useRouter();
  const form = useSchemaForm(questionForm);
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  // Creating a question moves to its own address (`?created=1`), a new page: it says "Saved" there.
  const [saved, setSaved] = useState<string | null>(justCreated && questionId ? `Saved question #${questionId}.` : null);
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const languageId = values.language_id ?? languages[0]!.id;
  const categories = useApiQuery(`admin_categories:${values.type}:${languageId}`, () => adminApi.categories(values.type, languageId), (d) => d.length === 0);
  const category = useApiQuery(`admin_category:${values.category_id || 'none'}`, () => (values.category_id ? adminApi.category(Number(values.category_id)) : Promise.resolve({ ok: true as const, data: null, message: '', meta: {} })), () => false);
  const readings = useApiQuery(`admin_readings:${values.type === 2 ? values.category_id || 'none' : 'none'}`, () => (values.type === 2 && values.category_id ? adminApi.readings(Number(values.category_id)) : Promise.resolve({ ok: true as const, data: [], message: '', meta: {} })), () => false);
  const shapes = SHAPES[values.type] ?? ['multiple'];
  const optionCount = OPTION_FIELDS[values.question_type];
  const optionKeys = LETTERS.slice(0, optionCount);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(null);
    const payload: Record<string, string | number | undefined> = {
      id: questionId,
      category_id: values.category_id,
      subcategory_id: values.subcategory_id,
      fun_n_learn_id: values.type === 2 ? values.reading_id : '',
      question_type: values.question_type,
      question: values.question,
      answer: values.answer,
      level: LEVELLED.has(values.type) ? values.level : '1',
      note: values.note,
      image: values.image,
      audio: values.type === 4 ? values.audio : '',
      transcript: values.type === 4 ? values.transcript : '',
      active: values.active ? '1' : '0',
    };
    optionKeys.forEach((l, i) => (payload[`option_${l}`] = values.options[i]));
    const input = form.check(payload);
    if (!input) return;
    setBusy(true);
    const result = await adminApi.saveQuestion(input);
    setBusy(false);
    if (!result.ok) return form.refused(result);
    setSaved(`Saved question #${result.data.id}.`);
    if (!questionId) router.replace(`/admin/questions/${result.data.id}/?created=1`);
  };

  const answerLetters = values.answer.split(',').map((s) => s.trim()).filter(Boolean);
  const toggleLetter = (l: string) => set({ answer: (answerLetters.includes(l) ? answerLetters.filter((x) => x !== l) : [...answerLetters, l]).sort().join(',') });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      {form.errors[''] ? <Alert>{form.errors['']}</Alert> : null}
      {saved ? (
        <Alert tone="success">
          <span role="status">{saved}</span>
        </Alert>
      ) : null}
      <Card as="section" aria-label="Where it is played" className="grid gap-3 md:grid-cols-2">
        <SelectField
          id="q-kind"
          label="Kind"
          value={String(values.type)}
          options={CATEGORY_KINDS.filter((k) => SHAPES[k.type]).map((k) => ({ value: String(k.type), label: k.label }))}
          onChange={(v) => set({ type: Number(v), category_id: '', subcategory_id: '', question_type: SHAPES[Number(v)]![0]!, answer: '' })}
        />
        <SelectField id="q-language" label="Content language" value={String(languageId)} options={languages.map((l) => ({ value: String(l.id), label: `${l.language} (${l.code})` }))} onChange={(v) => set({ language_id: Number(v), category_id: '', subcategory_id: '' })} />
        <SelectField
          id="q-category"
          label="Category"
          value={values.category_id}
          error={form.errors.category_id}
          options={[{ value: '', label: categories.status === 'loading' ? 'Loading…' : categories.status === 'empty' ? `No ${kindLabel(values.type).toLowerCase()} category yet` : 'Choose…' }, ...(categories.status === 'content' ? categories.data.map((c) => ({ value: String(c.id), label: c.name })) : [])]}
          onChange={(v) => set({ category_id: v, subcategory_id: '', reading_id: '' })}
        />
        <SelectField
          id="q-subcategory"
          label="Subcategory (optional)"
          value={values.subcategory_id}
          error={form.errors.subcategory_id}
          options={[{ value: '', label: 'None' }, ...(category.status === 'content' && category.data ? category.data.subcategory_list.map((s) => ({ value: String(s.id), label: s.name })) : [])]}
          onChange={(v) => set({ subcategory_id: v })}
        />
        {values.type === 2 ? (
          <SelectField
            id="q-reading"
            label="Reading it follows"
            value={values.reading_id}
            error={form.errors.fun_n_learn_id}
            options={[{ value: '', label: 'Choose…' }, ...(readings.status === 'content' ? readings.data.map((r) => ({ value: String(r.id), label: r.title })) : [])]}
            onChange={(reading_id) => set({ reading_id })}
          />
        ) : null}
        {shapes.length > 1 ? (
          <SelectField id="q-shape" label="Question type" value={values.question_type} error={form.errors.question_type} options={shapes.map((s) => ({ value: s, label: SHAPE_LABELS[s] }))} onChange={(v) => set({ question_type: v as Shape, answer: '' })} />
        ) : (
          <p className="self-end text-fg-muted">Question type: {SHAPE_LABELS[values.question_type]}</p>
        )}
        {LEVELLED.has(values.type) ? <TextField id="q-level" label="Level" inputMode="numeric" value={values.level} onChange={(e) => set({ level: e.target.value })} error={form.errors.level} /> : null}
      </Card>

      <Card as="section" aria-label="The question" className="flex flex-col gap-3">
        <TextArea id="q-text" label={values.type === 5 ? 'Question (LaTeX between $…$)' : 'Question'} value={values.question} onChange={(question) => set({ question })} error={form.errors.question} />
        {values.type === 5 && values.question ? <MathPreview label="Preview of the question" text={values.question} /> : null}
        {optionKeys.map((l, i) => (
          <div key={l} className="flex flex-col gap-1">
            <TextField
              id={`q-option-${l}`}
              label={`Option ${l.toUpperCase()}${values.question_type === 'multiple' && l === 'e' ? ' (optional)' : (values.question_type === 'multiselect' || values.question_type === 'sequence') && i >= 3 ? ' (optional)' : ''}`}
              limit={250}
              value={values.options[i] ?? ''}
              onChange={(e) => set({ options: values.options.map((o, j) => (j === i ? e.target.value : o)) })}
              error={form.errors[`option_${l}`]}
            />
            {values.type === 5 && values.options[i] ? <MathPreview label={`Preview of option ${l.toUpperCase()}`} text={values.options[i]!} /> : null}
          </div>
        ))}
        <AnswerField values={values} optionKeys={optionKeys} error={form.errors.answer} onAnswer={(answer) => set({ answer })} toggleLetter={toggleLetter} />
        <TextArea id="q-note" label="Note shown after the answer (optional)" value={values.note} onChange={(note) => set({ note })} error={form.errors.note} />
        <MediaField kind="image" label="Image (optional)" value={values.image} onChange={(image) => set({ image })} error={form.errors.image} />
        {values.type === 4 ? (
          <>
            <MediaField kind="audio" label="Audio" value={values.audio} onChange={(audio) => set({ audio })} error={form.errors.audio} />
            <TextArea id="q-transcript" label="Transcript (what the audio says)" value={values.transcript} onChange={(transcript) => set({ transcript })} error={form.errors.transcript} />
          </>
        ) : null}
        <CheckField id="q-active" label="Playable (players get this question)" checked={values.active} onChange={(active) => set({ active })} />
      </Card>
      <Button type="submit" className="self-start" disabled={busy}>
        {busy ? 'Saving…' : questionId ? 'Save the question' : 'Create the question'}
      </Button>
    </form>
  );
}

function AnswerField({ values, optionKeys, error, onAnswer, toggleLetter }: { values: Values; optionKeys: readonly string[]; error?: string; onAnswer: (a: string) => void; toggleLetter: (l: string) => void }) {
  const errorNode = error ? <p className="text-sm text-danger">{error}</p> : null;
  const shape = values.question_type;
  if (shape === 'word') return <TextField id="q-answer" label="The word (the answer)" limit={60} value={values.answer} onChange={(e) => onAnswer(e.target.value)} error={error} />;
  if (shape === 'sequence') {
    return (
      <TextField
        id="q-answer"
        label="The right order (letters, e.g. b,a,c)"
        value={values.answer}
        onChange={(e) => onAnswer(e.target.value.toLowerCase().replace(/\s+/g, ''))}
        error={error}
        hint="Players always see the options shuffled."
      />
    );
  }
  const multi = shape === 'multiselect';
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium">{multi ? 'The right options' : 'The right option'}</legend>
      <div className="flex flex-wrap gap-3">
        {optionKeys.map((l, i) => (
          <label key={l} className="flex min-h-touch items-center gap-2">
            <input
              type={multi ? 'checkbox' : 'radio'}
              name="q-answer"
              value={l}
              checked={multi ? values.answer.split(',').includes(l) : values.answer === l}
              onChange={() => (multi ? toggleLetter(l) : onAnswer(l))}
            />
            {l.toUpperCase()}
            {values.options[i] ? `: ${values.options[i]}` : ''}
          </label>
        ))}
      </div>
      {errorNode}
    </fieldset>
  );
}

function TextArea({ id, label, value, onChange, error }: { id: string; label: string; value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="rounded-control border border-line-strong bg-surface p-3 aria-invalid:border-danger"
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Maths: the text as players will see it, with KaTeX (loaded only on this page, only for maths). */
function MathPreview({ label, text }: { label: string; text: string }) {
  const [render, setRender] = useState<((t: string) => ReactNode) | null>(null);
  useEffect(() => {
    let current = true;
    void import('@/components/maths/math-text').then((m) => current && setRender(() => m.renderMath));
    return () => {
      current = false;
    };
  }, []);
  return (
    <div aria-label={label} role="group" className="rounded-control border border-dashed border-line p-2">
      {render ? render(text) : text}
    </div>
  );
}
