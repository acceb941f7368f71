'use client';

import { useRef, type KeyboardEvent } from 'react';

export interface TabItem {
  id: string;
  label: string;
}

export interface TabsProps {
  /** Names the tab list for screen readers. */
  label: string;
  /** Prefix of the ids of the tabs and their panel, unique on the page. */
  idPrefix: string;
  tabs: readonly TabItem[];
  selected: string;
  onSelect: (id: string) => void;
}

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const tabPanelId = (prefix: string) => `${prefix}-panel`;

/**
 * A row of tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between them. The caller
 * renders the one panel, with `role="tabpanel"`, `id={tabPanelId(prefix)}` and
 * `aria-labelledby={tabId(prefix, selected)}`.
 */
export function Tabs({ label, idPrefix, tabs, selected, onSelect }: TabsProps) {
  const list = useRef<HTMLDivElement>(null);

  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.id === selected);
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[e.key];
    let next: number | null = null;
    if (step) next = (index + step + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    e.preventDefault();
    onSelect(tabs[next]!.id);
    list.current?.querySelector<HTMLButtonElement>(`#${tabId(idPrefix, tabs[next]!.id)}`)?.focus();
  };

  return (
    <div ref={list} role="tablist" aria-label={label} onKeyDown={move} className="flex flex-wrap gap-1 border-b border-line">
      {tabs.map((tab) => {
        const active = tab.id === selected;
        return (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.id)}
            aria-selected={active}
            aria-controls={tabPanelId(idPrefix)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={`-mb-px min-h-touch border-b-2 px-3 font-semibold sm:px-4 ${
              active ? 'border-accent text-accent' : 'border-transparent text-fg-muted hover:text-fg'
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
