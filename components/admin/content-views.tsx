'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { useSchemaForm } from '@/components/admin/form';
import { CheckField, MediaField } from '@/components/admin/media-field';
import { Alert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { SelectField } from '@/components/ui/select-field';
import { SkeletonText } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { TextField } from '@/components/ui/text-field';
import { adminApi, type AdminCategory, type AdminReading, type AdminSubcategory, type ContentLanguageRow } from '@/services/client/admin-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { CATEGORY_KINDS, categoryForm, readingForm, subcategoryForm } from '@/services/domain/forms';

/** The content languages, for the editors' pickers (the first one chosen until the editor picks). */
export function useContentLanguages() {
  return useApiQuery('admin_languages', adminApi.languages, (d) => d.length === 0);
}

export const kindLabel = (type: number) => CATEGORY_KINDS.find((k) => k.type === type)?.label ?? `kind ${type}`;

/** `/admin/content/`: categories of one kind and language, and a form for a new one. */
export function CategoriesView() {
  const languages = useContentLanguages();
  const [type, setType] = useState(1);
  const [languageId, setLanguageId] = useState<number | null>(null);
  const language = languages.status === 'content' ? (languageId ?? languages.data[0]!.id) : null;

  return (
    <>
      <h1 className="text-2xl font-bold">Categories</h1>
      {languages.status === 'loading' ? (
        <SkeletonText label="Loading the languages" />
      ) : languages.status !== 'content' ? (
        <ErrorWithRetry title="Could not load" message="The content languages could not be loaded." retryLabel="Try again" onRetry={languages.retry} />
      ) : (
        <>
          <Tabs label="Kinds" idPrefix="kinds" tabs={CATEGORY_KINDS.map((k) => ({ id: String(k.type), label: k.label }))} selected={String(type)} onSelect={(id) => setType(Number(id))} />
          <div id="kinds-panel" role="tabpanel" aria-labelledby={`kinds-tab-${type}`} className="flex flex-col gap-4">
            <SelectField
              id="content-language"
              label="Content language"
              className="max-w-xs"
              value={String(language)}
              options={languages.data.map((l) => ({ value: String(l.id), label: `${l.language} (${l.code})` }))}
              onChange={(v) => setLanguageId(Number(v))}
            />
            <CategoryList key={`${type}:${language}`} type={type} languageId={language!} languages={languages.data} />
          </div>
        </>
      )}
    </>
  );
}

function CategoryList({ type, languageId, languages }: { type: number; languageId: number; languages: ContentLanguageRow[] }) {
  const [version, setVersion] = useState(0);
  const list = useApiQuery(`admin_categories:${type}:${languageId}:${version}`, () => adminApi.categories(type, languageId), (d) => d.length === 0);
  const language = languages.find((l) => l.id === languageId);
  return (
    <>
      {list.status === 'loading' ? (
        <SkeletonText label="Loading the categories" />
      ) : list.status === 'error' ? (
        <ErrorWithRetry title="Could not load" message="The categories could not be loaded." retryLabel="Try again" onRetry={list.retry} />
      ) : list.status === 'empty' ? (
        <EmptyState title={`No ${kindLabel(type).toLowerCase()} categories in ${language?.language ?? 'this language'} yet`} />
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-card border border-line" aria-label="Categories">
          {list.data.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <Link href={`/admin/content/${c.id}/`} className="font-semibold">
                {c.name}
              </Link>
              <span className="text-sm text-fg-muted">
                {c.questions} questions · {c.subcategories} subcategories · order {c.row_order}
                {c.is_premium ? ` · premium ${c.coins} coins` : ''}
                {c.active ? '' : ' · hidden'}
              </span>
            </li>
          ))}
        </ul>
      )}
      <CategoryForm type={type} languageId={languageId} onSaved={() => setVersion((v) => v + 1)} />
    </>
  );
}

type PlaceValues = { name: string; image: string; is_premium: boolean; coins: string; row_order: string; active: boolean };

const placeValues = (p?: AdminCategory | AdminSubcategory): PlaceValues => ({
  name: p?.name ?? '',
  image: p?.image ?? '',
  is_premium: p?.is_premium ?? false,
  coins: p ? String(p.coins) : '0',
  row_order: p ? String(p.row_order) : '0',
  active: p?.active ?? true,
});

/** The fields a category and a subcategory share. */
function PlaceFields({ prefix, values, set, errors }: { prefix: string; values: PlaceValues; set: (v: Partial<PlaceValues>) => void; errors: Record<string, string> }) {
  return (
    <>
      <TextField id={`${prefix}-name`} label="Name" limit={100} value={values.name} onChange={(e) => set({ name: e.target.value })} error={errors.name} />
      <TextField id={`${prefix}-order`} label="Order (lower first)" inputMode="numeric" value={values.row_order} onChange={(e) => set({ row_order: e.target.value })} error={errors.row_order} />
      <CheckField id={`${prefix}-premium`} label="Premium (unlocked with coins)" checked={values.is_premium} onChange={(is_premium) => set({ is_premium })} />
      {values.is_premium ? (
        <TextField id={`${prefix}-coins`} label="Price in coins" inputMode="numeric" value={values.coins} onChange={(e) => set({ coins: e.target.value })} error={errors.coins} />
      ) : null}
      <CheckField id={`${prefix}-active`} label="Shown to players" checked={values.active} onChange={(active) => set({ active })} />
      <MediaField kind="image" label="Image (optional)" value={values.image} onChange={(image) => set({ image })} error={errors.image} />
    </>
  );
}

function CategoryForm({ type, languageId, category, onSaved }: { type: number; languageId: number; category?: AdminCategory; onSaved: (c: AdminCategory) => void }) {
  const form = useSchemaForm(categoryForm);
  const [values, setValues] = useState(() => placeValues(category));
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(null);
    const input = form.check({ ...values, id: category?.id, type, language_id: languageId });
    if (!input) return;
    setBusy(true);
    const result = await adminApi.saveCategory(input);
    setBusy(false);
    if (!result.ok) return form.refused(result);
    setSaved(`Saved “${result.data.name}”.`);
    if (!category) setValues(placeValues());
    onSaved(result.data);
  };

  return (
    <Card as="section" className="flex flex-col gap-3">
      <h2 className="text-xl font-semibold">{category ? 'Edit the category' : `New ${kindLabel(type).toLowerCase()} category`}</h2>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 md:grid-cols-2">
        {form.errors[''] ?? form.errors.language_id ?? form.errors.type ? <Alert className="md:col-span-2">{form.errors[''] ?? form.errors.language_id ?? form.errors.type}</Alert> : null}
        {saved ? (
          <Alert tone="success" className="md:col-span-2">
            <span role="status">{saved}</span>
          </Alert>
        ) : null}
        <PlaceFields prefix={category ? `category-${category.id}` : 'new-category'} values={values} set={(v) => setValues((old) => ({ ...old, ...v }))} errors={form.errors} />
        <Button type="submit" className="self-start md:col-span-2" disabled={busy}>
          {category ? 'Save the category' : 'Create the category'}
        </Button>
      </form>
    </Card>
  );
}

/** `/admin/content/<id>/`: one category, its subcategories, and their forms. */
export function CategoryView({ categoryId }: { categoryId: number }) {
  const [version, setVersion] = useState(0);
  const category = useApiQuery(`admin_category:${categoryId}:${version}`, () => adminApi.category(categoryId), () => false);
  return (
    <>
      <BackLink href="/admin/content/" label="Categories" />
      {category.status === 'loading' ? (
        <SkeletonText label="Loading the category" />
      ) : category.status === 'empty' ? (
        <EmptyState title={`There is no category #${categoryId}`} />
      ) : category.status === 'error' ? (
        <ErrorWithRetry title="Could not load" message="The category could not be loaded." retryLabel="Try again" onRetry={category.retry} />
      ) : (
        <>
          <h1 className="text-2xl font-bold">{category.data.name}</h1>
          <p className="text-fg-muted">
            {kindLabel(category.data.type)} · {category.data.questions} questions ·{' '}
            <Link href={`/admin/questions/?category_id=${categoryId}`}>the questions</Link> ·{' '}
            <Link href={`/admin/questions/new/?category_id=${categoryId}`}>add a question</Link>
          </p>
          <CategoryForm type={category.data.type} languageId={category.data.language_id} category={category.data} onSaved={() => setVersion((v) => v + 1)} />
          <section aria-labelledby="subcategories" className="flex flex-col gap-2">
            <h2 id="subcategories" className="text-xl font-semibold">
              Subcategories
            </h2>
            {category.data.subcategory_list.length === 0 ? (
              <p className="text-fg-muted">None: players play the category as a whole.</p>
            ) : (
              category.data.subcategory_list.map((s) => <SubcategoryForm key={`${s.id}:${version}`} categoryId={categoryId} subcategory={s} onSaved={() => setVersion((v) => v + 1)} />)
            )}
            <SubcategoryForm key={`new:${version}`} categoryId={categoryId} onSaved={() => setVersion((v) => v + 1)} />
          </section>
          {category.data.type === 2 ? <Readings categoryId={categoryId} subcategories={category.data.subcategory_list} /> : null}
          <ButtonLink href={`/admin/questions/new/?category_id=${categoryId}`} className="self-start">
            Add a question
          </ButtonLink>
        </>
      )}
    </>
  );
}

function SubcategoryForm({ categoryId, subcategory, onSaved }: { categoryId: number; subcategory?: AdminSubcategory; onSaved: () => void }) {
  const form = useSchemaForm(subcategoryForm);
  const [values, setValues] = useState(() => placeValues(subcategory));
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = form.check({ ...values, id: subcategory?.id, category_id: categoryId });
    if (!input) return;
    setBusy(true);
    const result = await adminApi.saveSubcategory(input);
    setBusy(false);
    if (!result.ok) return form.refused(result);
    onSaved();
  };

  const prefix = subcategory ? `subcategory-${subcategory.id}` : 'new-subcategory';
  return (
    <Card as="section" aria-label={subcategory ? `Subcategory ${subcategory.name}` : 'New subcategory'} className="flex flex-col gap-3">
      <h3 className="font-semibold">{subcategory ? `${subcategory.name} · ${subcategory.questions} questions` : 'New subcategory'}</h3>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 md:grid-cols-2">
        {form.errors[''] ? <Alert className="md:col-span-2">{form.errors['']}</Alert> : null}
        <PlaceFields prefix={prefix} values={values} set={(v) => setValues((old) => ({ ...old, ...v }))} errors={form.errors} />
        <Button type="submit" variant="secondary" className="self-start md:col-span-2" disabled={busy}>
          {subcategory ? 'Save the subcategory' : 'Add the subcategory'}
        </Button>
      </form>
    </Card>
  );
}

/** Fun and learn: the readings of a category, each with the questions that follow it. */
function Readings({ categoryId, subcategories }: { categoryId: number; subcategories: AdminSubcategory[] }) {
  const [version, setVersion] = useState(0);
  const list = useApiQuery(`admin_readings:${categoryId}:${version}`, () => adminApi.readings(categoryId), () => false);
  return (
    <section aria-labelledby="readings" className="flex flex-col gap-2">
      <h2 id="readings" className="text-xl font-semibold">
        Readings
      </h2>
      {list.status === 'loading' ? (
        <SkeletonText label="Loading the readings" />
      ) : list.status !== 'content' ? (
        <ErrorWithRetry title="Could not load" message="The readings could not be loaded." retryLabel="Try again" onRetry={list.retry} />
      ) : (
        list.data.map((r) => <ReadingForm key={`${r.id}:${version}`} categoryId={categoryId} subcategories={subcategories} reading={r} onSaved={() => setVersion((v) => v + 1)} />)
      )}
      <ReadingForm key={`new:${version}`} categoryId={categoryId} subcategories={subcategories} onSaved={() => setVersion((v) => v + 1)} />
    </section>
  );
}

function ReadingForm({ categoryId, subcategories, reading, onSaved }: { categoryId: number; subcategories: AdminSubcategory[]; reading?: AdminReading; onSaved: () => void }) {
  const form = useSchemaForm(readingForm);
  const [v, setV] = useState({
    title: reading?.title ?? '',
    detail: reading?.detail ?? '',
    subcategory_id: reading?.subcategory_id ? String(reading.subcategory_id) : '',
    content_type: reading?.content_type ?? 'text',
    content_data: reading?.content_data ?? '',
    active: reading?.active ?? true,
  });
  const [busy, setBusy] = useState(false);
  const prefix = reading ? `reading-${reading.id}` : 'new-reading';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = form.check({ ...v, id: reading?.id, category_id: categoryId, active: v.active ? '1' : '0' });
    if (!input) return;
    setBusy(true);
    const result = await adminApi.saveReading({ ...v, id: reading?.id, category_id: categoryId, active: v.active ? '1' : '0' });
    setBusy(false);
    if (!result.ok) return form.refused(result);
    onSaved();
  };

  return (
    <Card as="section" aria-label={reading ? `Reading ${reading.title}` : 'New reading'} className="flex flex-col gap-3">
      <h3 className="font-semibold">
        {reading ? (
          <>
            {reading.title} · {reading.questions} questions ·{' '}
            <Link href={`/admin/questions/new/?category_id=${categoryId}&reading_id=${reading.id}`}>add a question</Link>
          </>
        ) : (
          'New reading'
        )}
      </h3>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 md:grid-cols-2">
        {form.errors[''] ? <Alert className="md:col-span-2">{form.errors['']}</Alert> : null}
        <TextField id={`${prefix}-title`} label="Title" value={v.title} limit={200} onChange={(e) => setV({ ...v, title: e.target.value })} error={form.errors.title} />
        <SelectField
          id={`${prefix}-subcategory`}
          label="Subcategory (optional)"
          value={v.subcategory_id}
          options={[{ value: '', label: 'None' }, ...subcategories.map((s) => ({ value: String(s.id), label: s.name }))]}
          onChange={(subcategory_id) => setV({ ...v, subcategory_id })}
        />
        <SelectField
          id={`${prefix}-type`}
          label="What players read"
          value={v.content_type}
          options={[
            { value: 'text', label: 'A text' },
            { value: 'video', label: 'A video (link)' },
            { value: 'pdf', label: 'A PDF (link)' },
          ]}
          onChange={(content_type) => setV({ ...v, content_type: content_type as AdminReading['content_type'] })}
        />
        <TextField id={`${prefix}-detail`} label="Summary (optional)" value={v.detail} limit={500} onChange={(e) => setV({ ...v, detail: e.target.value })} error={form.errors.detail} />
        <div className="flex flex-col gap-1 md:col-span-2">
          <label htmlFor={`${prefix}-content`} className="text-sm font-medium">
            {v.content_type === 'text' ? 'Text' : 'Link (https://… or /uploads/…)'}
          </label>
          <textarea
            id={`${prefix}-content`}
            rows={v.content_type === 'text' ? 6 : 1}
            value={v.content_data}
            onChange={(e) => setV({ ...v, content_data: e.target.value })}
            aria-invalid={form.errors.content_data ? true : undefined}
            aria-describedby={form.errors.content_data ? `${prefix}-content-error` : undefined}
            className="rounded-control border border-line-strong bg-surface p-3 aria-invalid:border-danger"
          />
          {form.errors.content_data ? (
            <p id={`${prefix}-content-error`} className="text-sm text-danger">
              {form.errors.content_data}
            </p>
          ) : null}
        </div>
        <CheckField id={`${prefix}-active`} label="Shown to players" checked={v.active} onChange={(active) => setV({ ...v, active })} />
        <Button type="submit" variant="secondary" className="self-start md:col-span-2" disabled={busy}>
          {reading ? 'Save the reading' : 'Add the reading'}
        </Button>
      </form>
    </Card>
  );
}
