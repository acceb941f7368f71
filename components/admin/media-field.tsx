'use client';

import { useId, useState, type ChangeEvent } from 'react';
import { failureText } from '@/components/admin/form';
import { adminApi } from '@/services/client/admin-api';

/**
 * An image or audio of content: upload a file (its bytes decide whether it is one) or type an
 * address; the stored value is the path or address, previewed under the field.
 */
export function MediaField({ kind, label, value, onChange, error }: { kind: 'image' | 'audio'; label: string; value: string; onChange: (value: string) => void; error?: string }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = error ?? problem;

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setBusy(true);
    const result = await adminApi.uploadMedia(kind, file);
    setBusy(false);
    if (result.ok) {
      setProblem(null);
      onChange(result.data.path);
    } else setProblem(failureText(result));
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-address`} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={`${id}-address`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={kind === 'image' ? '/uploads/… or https://…' : '/uploads/… or /audio/… or https://…'}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          className="min-h-touch flex-1 rounded-control border border-line-strong bg-surface px-3 aria-invalid:border-danger"
        />
        <label className="inline-flex min-h-touch cursor-pointer items-center rounded-control border border-line-strong px-3 font-semibold focus-within:ring-2 focus-within:ring-accent">
          {busy ? 'Uploading…' : `Upload ${kind}`}
          <input type="file" accept={kind === 'image' ? 'image/png,image/jpeg,image/webp' : 'audio/ogg,audio/opus,audio/mpeg'} className="sr-only" onChange={(e) => void upload(e)} disabled={busy} />
        </label>
      </div>
      {shown ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {shown}
        </p>
      ) : null}
      {value && !shown ? (
        kind === 'image' ? (
          // eslint-disable-next-line @next/next/no-img-element -- an operator's upload at its own size, no optimiser
          <img src={value} alt="" className="max-h-32 self-start rounded-control border border-line" />
        ) : (
          <audio src={value} controls preload="none" className="self-start" />
        )
      ) : null}
    </div>
  );
}

/** A labelled checkbox. */
export function CheckField({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label htmlFor={id} className="flex min-h-touch items-center gap-2">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="size-5" />
      {label}
    </label>
  );
}
