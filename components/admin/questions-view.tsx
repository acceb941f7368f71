'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useMemo, useState, type FormEvent } from 'react';
import type { PaginationState, SortingState } from '@tanstack/react-table';
import { kindLabel, useContentLanguages } from '@/components/admin/content-views';
import { DataTable, type ConsoleColumn } from '@/components/admin/data-table';
import { failureText } from '@/components/admin/form';
import { useTableQuery } from '@/components/admin/table-query';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { adminApi, type AdminQuestion } from '@/services/client/admin-api';
import { CATEGORY_KINDS } from '@/services/domain/forms';
import { useTranslation } from '@/services/client/i18n';

interface QuestionFilter {
  query: string;
  type: string;
  /** null: the operator's own language (until they pick one, "every language" included). */
  language_id: string | null;
  active: string;
  category_id: string;
}

/** `/admin/questions/`: every question, searched and filtered on the server; enable or disable in place. */
export function QuestionsView() {
  const params = useSearchParams();
  const languages = useContentLanguages();
  const categoryFromAddress = params?.get('category_id') ?? '';
  // The list opens on the content in the operator's own language (every language when none of the
  // content languages is theirs); `language_id` null is that choice until the operator makes one.
  const { i18n } = useTranslation();
  const mine = languages.status === 'content' ? languages.data.find((l) => l.code === i18n.language.split('-')[0]) : undefined;
  const ownLanguage = mine ? String(mine.id) : '';
  const [draftState, setDraft] = useState<QuestionFilter>({ query: '', type: '', language_id: null, active: '', category_id: categoryFromAddress });
  const [filterState, setFilter] = useState<QuestionFilter>(draftState);
  const draft = { ...draftState, language_id: draftState.language_id ?? ownLanguage };
  const filter = { ...filterState, language_id: filterState.language_id ?? ownLanguage };
  const [sorting, setSorting] = useState<SortingState>([{ id: 'id', desc: true }]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 25 });
  const [version, setVersion] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const sort = sorting[0] ?? { id: 'id', desc: true };
  const request = { ...filter, offset: pagination.pageIndex * pagination.pageSize, limit: pagination.pageSize, sort: sort.id, order: sort.desc ? 'desc' : 'asc' };
  // Nothing is asked before the languages are known: the first list is already the right one.
  const data = useTableQuery(`questions:${languages.status}:${JSON.stringify(request)}:${version}`, () => (languages.status === 'loading' ? new Promise<never>(() => {}) : adminApi.questions(request)));

  const columns = useMemo<ConsoleColumn<AdminQuestion>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: 'Id', cell: (c) => <Link href={`/admin/questions/${c.row.original.id}/`}>#{c.row.original.id}</Link> },
      {
        id: 'question',
        header: 'Question',
        enableSorting: false,
        cell: (c) => (
          <Link href={`/admin/questions/${c.row.original.id}/`} dir="auto" className="line-clamp-2">
            {c.row.original.question}
          </Link>
        ),
      },
      { id: 'category', header: 'Category', enableSorting: false, cell: (c) => `${c.row.original.category_name}${c.row.original.subcategory_name ? ` › ${c.row.original.subcategory_name}` : ''}` },
      { id: 'kind', header: 'Kind', enableSorting: false, cell: (c) => `${c.row.original.mode.replaceAll('_', ' ')} · ${c.row.original.question_type}` },
      { id: 'level', accessorKey: 'level', header: 'Level' },
      {
        id: 'active',
        header: 'Playable',
        enableSorting: false,
        // The state in words, then the button that changes it: a button's visible text is part of
        // its accessible name, so a voice-control user can say what they see.
        cell: (c) => (
          <div className="flex flex-wrap items-center gap-2">
            <span>{c.row.original.active ? 'Yes' : 'No'}</span>
            <Button
              variant="secondary"
              aria-label={`${c.row.original.active ? 'Disable' : 'Enable'} question ${c.row.original.id}`}
              onClick={() =>
                void adminApi.setQuestionStatus(c.row.original.id, !c.row.original.active).then((r) => {
                  setProblem(r.ok ? null : failureText(r));
                  setVersion((v) => v + 1);
                })
              }
            >
              {c.row.original.active ? 'Disable' : 'Enable'}
            </Button>
          </div>
        ),
      },
    ],
    [setProblem, setVersion],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ ...draft, query: draft.query.trim() });
    setPagination((p) => ({ ...p, pageIndex: 0 }));
  };

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Questions</h1>
        <ButtonLink href={`/admin/questions/new/${filter.category_id ? `?category_id=${filter.category_id}` : ''}`}>New question</ButtonLink>
      </div>
      {problem ? <Alert>{problem}</Alert> : null}
      <DataTable
        caption="Questions"
        columns={columns}
        data={data}
        rowId={(r) => String(r.id)}
        sorting={sorting}
        onSortingChange={(s) => {
          setSorting(s);
          setPagination((p) => ({ ...p, pageIndex: 0 }));
        }}
        pagination={pagination}
        onPaginationChange={setPagination}
        empty={{ title: 'No questions match', description: 'Change the filter, or write one.' }}
        toolbar={
          <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
            <TextField id="question-search" type="search" label="Text or id" value={draft.query} limit={100} onChange={(e) => setDraft({ ...draft, query: e.target.value })} />
            <SelectField id="question-kind" label="Kind" value={draft.type} options={[{ value: '', label: 'Every kind' }, ...CATEGORY_KINDS.map((k) => ({ value: String(k.type), label: kindLabel(k.type) }))]} onChange={(type) => setDraft({ ...draft, type })} />
            <SelectField
              id="question-language"
              label="Language"
              value={draft.language_id}
              options={[{ value: '', label: 'Every language' }, ...(languages.status === 'content' ? languages.data.map((l) => ({ value: String(l.id), label: l.language })) : [])]}
              onChange={(language_id) => setDraft({ ...draft, language_id })}
            />
            <SelectField
              id="question-active"
              label="Playable"
              value={draft.active}
              options={[
                { value: '', label: 'Both' },
                { value: '1', label: 'Playable' },
                { value: '0', label: 'Disabled' },
              ]}
              onChange={(active) => setDraft({ ...draft, active })}
            />
            {draft.category_id ? (
              <Button variant="ghost" onClick={() => setDraft({ ...draft, category_id: '' })}>
                Category #{draft.category_id} ✕
              </Button>
            ) : null}
            <Button type="submit" variant="secondary">
              Filter
            </Button>
          </form>
        }
      />
    </>
  );
}
