'use client';

import { useState, type FormEvent } from 'react';
import { AdminOnly } from '@/components/admin/console-frame';
import { failureText, useSchemaForm } from '@/components/admin/form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { SkeletonText } from '@/components/ui/skeleton';
import { adminApi, type SettingGroupItems, type SettingItem } from '@/services/client/admin-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { settingForm } from '@/services/domain/forms';

/** The switches an operator reaches for first, shown above the groups. */
const SWITCHES = [
  { key: 'maintenance_mode', label: 'Maintenance mode', help: 'Players see the maintenance page; operators and this console keep working.' },
  { key: 'demo_mode', label: 'Demo mode', help: 'Profile changes and other destructive actions are refused.' },
];

export function SettingsAdminView() {
  return (
    <AdminOnly>
      <SettingsAdmin />
    </AdminOnly>
  );
}

function SettingsAdmin() {
  const settings = useApiQuery('admin_settings', adminApi.settings, (d) => d.length === 0);
  return (
    <>
      <h1 className="text-2xl font-bold">Settings</h1>
      <p className="text-fg-muted">Each value is checked against its rule when saved and reaches every server within two seconds. Every change is in the audit log.</p>
      {settings.status === 'loading' ? (
        <SkeletonText label="Loading the settings" lines={10} />
      ) : settings.status !== 'content' ? (
        <ErrorWithRetry title="Could not load" message="The settings could not be loaded." retryLabel="Try again" onRetry={settings.retry} />
      ) : (
        <SettingsGroups groups={settings.data} />
      )}
    </>
  );
}

function SettingsGroups({ groups }: { groups: SettingGroupItems[] }) {
  const all = groups.flatMap((g) => g.settings);
  return (
    <>
      <Card as="section" className="flex flex-col gap-3" aria-labelledby="switches">
        <h2 id="switches" className="text-xl font-semibold">
          Switches
        </h2>
        {SWITCHES.map((s) => {
          const item = all.find((i) => i.key === s.key);
          return item ? <FlagSwitch key={s.key} item={item} label={s.label} help={s.help} /> : null;
        })}
      </Card>
      <nav aria-label="Setting groups">
        <ul className="flex flex-wrap gap-2">
          {groups.map((g) => (
            <li key={g.group}>
              <a href={`#group-${g.group}`}>{g.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {groups.map((g) => (
        <section key={g.group} id={`group-${g.group}`} aria-labelledby={`group-${g.group}-title`} className="flex flex-col gap-2">
          <h2 id={`group-${g.group}-title`} className="text-xl font-semibold">
            {g.title}
          </h2>
          <ul className="flex flex-col divide-y divide-line rounded-card border border-line">
            {g.settings.filter((item) => !SWITCHES.some((s) => s.key === item.key)).map((item) => (
              <li key={item.key} className="p-3">
                {item.kind === 'flag' ? <FlagSwitch item={item} label={item.key} help={item.description} /> : <ValueField item={item} />}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/** A '0' / '1' setting: saved as soon as it is switched. */
function FlagSwitch({ item, label, help }: { item: SettingItem; label: string; help: string }) {
  const [value, setValue] = useState(item.value);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `setting-${item.key}-${label === item.key ? 'row' : 'switch'}`;

  const toggle = async () => {
    const next = value === '1' ? '0' : '1';
    setBusy(true);
    const result = await adminApi.updateSetting(item.key, next);
    setBusy(false);
    if (result.ok) {
      setValue(result.data.value);
      setError(null);
    } else setError(failureText(result));
  };

  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex flex-col">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <span className="text-sm text-fg-muted">{help}</span>
        {error ? <span className="text-sm text-danger">{error}</span> : null}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={value === '1'}
        disabled={busy}
        onClick={() => void toggle()}
        className="min-h-touch min-w-touch rounded-control border border-line-strong px-4 font-semibold aria-checked:bg-accent aria-checked:text-on-accent"
      >
        {value === '1' ? 'On' : 'Off'}
      </button>
    </div>
  );
}

/** A number or text setting: edited, checked against its rule, saved. */
function ValueField({ item }: { item: SettingItem }) {
  const form = useSchemaForm(settingForm);
  const [saved, setSaved] = useState(item.value);
  const [value, setValue] = useState(item.value);
  const [busy, setBusy] = useState(false);
  const id = `setting-${item.key}`;
  const error = form.errors.value ?? form.errors[''] ?? form.errors.key;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = form.check({ key: item.key, value });
    if (!input) return;
    setBusy(true);
    const result = await adminApi.updateSetting(input.key, input.value);
    setBusy(false);
    if (!result.ok) form.refused(result);
    else setSaved(result.data.value);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-60 flex-1 flex-col gap-1">
        <label htmlFor={id} className="font-medium">
          {item.key}
        </label>
        <span id={`${id}-help`} className="text-sm text-fg-muted">
          {item.description}
          {item.kind === 'int' ? ` (${item.min} – ${item.max})` : ''} · default {item.default || '(empty)'}
        </span>
        <input
          id={id}
          value={value}
          inputMode={item.kind === 'int' ? 'numeric' : undefined}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
          className="min-h-touch rounded-control border border-line-strong bg-surface px-3 aria-invalid:border-danger"
        />
        {error ? (
          <span id={`${id}-error`} className="text-sm text-danger">
            {error}
          </span>
        ) : null}
      </div>
      <Button type="submit" variant="secondary" disabled={busy || value === saved}>
        {value === saved ? 'Saved' : 'Save'}
        <span className="sr-only"> {item.key}</span>
      </Button>
    </form>
  );
}
