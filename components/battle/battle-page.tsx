'use client';

import type { ReactNode } from 'react';
import { useTranslation } from '@/services/client/i18n';
import type { BattleCategory } from '@/components/battle/random-battle-setup';
import { PlayRefusal } from '@/components/solo-play/play-refusal';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { SkeletonText } from '@/components/ui/skeleton';
import { getCategories } from '@/services/client/play-api';
import { useApiQuery, type QueryState } from '@/services/client/use-api-query';
import { useSystemConfig } from '@/services/client/use-system-config';
import { messageKeyFor } from '@/services/domain/code-messages';
import { useAppSelector } from '@/services/store/hooks';
import { selectLanguageId, selectSystemConfig, selectUser } from '@/services/store/selectors';

/**
 * What the battle pages share: the mode switch and the settings they read, the categories to
 * choose from, the player's id, and the room to resume after a reload.
 */

export type SystemConfig = Readonly<Record<string, string>>;

/** A whole-number setting, or the fallback when it is missing or not a number. */
export function intConfig(config: SystemConfig, key: string, fallback: number): number {
  const n = Number.parseInt(config[key] ?? '', 10);
  return Number.isFinite(n) ? n : fallback;
}

/** The signed-in player's id (the route guard keeps guests away), or null while there is none. */
export function usePlayerId(): number | null {
  const id = useAppSelector(selectUser).data?.id;
  const n = Number(id);
  return id === undefined || !Number.isInteger(n) || n <= 0 ? null : n;
}

/**
 * The system configuration for a battle page, and the mode's switch (`battle_mode_one`,
 * `battle_mode_group`, `play_with_friend_mode`): loading, an error with a retry, "this mode is
 * not available" with the way home when the admin turned it off (the server refuses it too), or
 * the page.
 */
export function BattleModeGate({ setting, children }: { setting: string; children: (config: SystemConfig) => ReactNode }) {
  const { t } = useTranslation();
  const state = useSystemConfig();
  const config = useAppSelector(selectSystemConfig);
  if (state.status === 'error') {
    return <ErrorWithRetry title={t('common.error_title')} message={t('common.load_failed')} retryLabel={t('common.retry')} onRetry={state.retry} />;
  }
  if (!config) return <SkeletonText label={t('common.loading')} lines={6} />;
  if (config[setting] !== '1') {
    return (
      <PlayRefusal message={t(messageKeyFor('mode_disabled'))}>
        <ButtonLink variant="secondary" href="/">
          {t('solo.back_home')}
        </ButtonLink>
      </PlayRefusal>
    );
  }
  return (
    <>
      <ExtendedTimeNote />
      {children(config)}
    </>
  );
}

/** ui.md (timing adjustable): a player with extended time is told that battles keep one time for everyone. */
function ExtendedTimeNote() {
  const { t } = useTranslation();
  const extended = useAppSelector(selectUser).data?.extended_time;
  if (extended !== '1.5' && extended !== '2') return null;
  return (
    <p role="note" className="mb-4 rounded-control border border-line bg-surface-muted px-3 py-2 text-sm">
      {t('battle.extended_time_note')}
    </p>
  );
}

/**
 * The quiz-zone categories a battle may be played in, in the content language. Premium
 * categories are left out: a room's questions are shared by players who may not have unlocked
 * them, so the server never serves premium content in battles.
 */
export function useBattleCategories(enabled: boolean): QueryState<BattleCategory[]> & { retry: () => void } {
  const languageId = useAppSelector(selectLanguageId);
  return useApiQuery(
    `battle-categories:${enabled ? languageId : 'off'}`,
    async () => {
      if (!enabled) return { ok: true, data: [], message: '', meta: {} };
      const result = await getCategories();
      return result.ok ? { ...result, data: result.data.filter((c) => !c.is_premium).map((c) => ({ slug: c.slug, name: c.category_name })) } : result;
    },
    (list) => enabled && list.length === 0,
  );
}

/** The four states of a battle page's categories; `children` gets the list once there is one. */
export function BattleCategoriesGate({ categories, children }: { categories: ReturnType<typeof useBattleCategories>; children: (list: BattleCategory[]) => ReactNode }) {
  const { t } = useTranslation();
  if (categories.status === 'loading') return <SkeletonText label={t('common.loading')} lines={6} />;
  if (categories.status === 'error') {
    return <ErrorWithRetry title={t('common.error_title')} message={t('quiz_zone.load_failed')} retryLabel={t('common.retry')} onRetry={categories.retry} />;
  }
  if (categories.status === 'empty') return <EmptyState title={t('empty.no_categories')} />;
  return children(categories.data);
}

// ---- Resuming after a reload ----

export type BattleKind = 'random' | 'friend' | 'group';

const storageKey = (kind: BattleKind) => `quiz-arena:battle-room:${kind}`;

/**
 * The room this tab was playing, kept in sessionStorage (per tab, survives a reload, gone with the
 * tab): a page that loads with one starts its machine with `roomId`, and the room's document puts
 * the player back where the game stands, score and clock included.
 */
export function storedRoomId(kind: BattleKind): string | null {
  try {
    return window.sessionStorage.getItem(storageKey(kind));
  } catch {
    return null;
  }
}

export function storeRoomId(kind: BattleKind, roomId: string | null): void {
  try {
    if (roomId) window.sessionStorage.setItem(storageKey(kind), roomId);
    else window.sessionStorage.removeItem(storageKey(kind));
  } catch {
    // Storage refused (private mode, quota): a reload then starts over; nothing else depends on it.
  }
}

/** The random battle's search choice, kept for the tab too: a reload (and "play again" after it) searches as before. */
export interface SearchChoice {
  readonly category: string | null;
  readonly feeMultiplier: number;
}

const choiceKey = 'quiz-arena:battle-choice:random';

/**
 * The choice this tab made last, when it is still one the page offers: a category of `categories`
 * (or any), a multiplier from 1 to `maxMultiplier`. Null otherwise (nothing kept, or the settings
 * or categories changed since).
 */
export function storedSearchChoice(categories: readonly string[], maxMultiplier: number): SearchChoice | null {
  try {
    const raw = window.sessionStorage.getItem(choiceKey);
    if (!raw) return null;
    const { category, feeMultiplier } = JSON.parse(raw) as Partial<SearchChoice>;
    const categoryOk = category === null || (typeof category === 'string' && categories.includes(category));
    const multiplierOk = Number.isInteger(feeMultiplier) && feeMultiplier! >= 1 && feeMultiplier! <= maxMultiplier;
    return categoryOk && multiplierOk ? { category: category ?? null, feeMultiplier: feeMultiplier! } : null;
  } catch {
    return null;
  }
}

export function storeSearchChoice(choice: SearchChoice): void {
  try {
    window.sessionStorage.setItem(choiceKey, JSON.stringify({ category: choice.category, feeMultiplier: choice.feeMultiplier }));
  } catch {
    // Storage refused: a reload then offers the defaults again.
  }
}

/** What a battle machine's snapshot says about the room worth resuming. */
export interface ResumableSnapshot {
  readonly context: { readonly roomId: string | null; readonly doc: { readonly status: string } | null };
  /** The machine's state says the room is gone for the player (unavailable, deleted). */
  readonly gone: boolean;
}

/** The room to resume after a reload: one being joined, searched, waited in or played; not one that ended. */
export function resumableRoomId({ context, gone }: ResumableSnapshot): string | null {
  if (!context.roomId || gone) return null;
  if (context.doc && (context.doc.status === 'finished' || context.doc.status === 'deleted')) return null;
  return context.roomId;
}
