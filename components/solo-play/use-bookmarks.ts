'use client';

import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from '@/services/client/i18n';
import type { ApiResult } from '@/services/client/api';
import { getBookmarks, QUIZ_BOOKMARKS, setBookmark, type BookmarkItem } from '@/services/client/play-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { paintThenIdle } from '@/components/ui/after-paint';
import { messageKeyFor } from '@/services/domain/code-messages';

export interface Bookmarks {
  /** False until the player's bookmarks are known. */
  readonly ready: boolean;
  /** The question being added or removed, if any. */
  readonly busyId: number | null;
  isBookmarked(questionId: number): boolean;
  toggle(questionId: number): Promise<void>;
  /** A toggle is on screen: the player's bookmarks are read once it has been drawn. */
  shown(): void;
}

const noBookmarks: ApiResult<BookmarkItem[]> = { ok: false, status: 404, code: '102' };

/**
 * The player's bookmarks for a play: which questions are bookmarked, and adding or removing one
 * (`set_bookmark`). The server's refusal to remove a question that is not bookmarked is said in
 * the spec's words ("cannot remove question from bookmark"), and the toggle follows the server.
 */
export function useBookmarks(enabled = true, kind: string = QUIZ_BOOKMARKS): Bookmarks {
  const { t } = useTranslation();
  // Read once a toggle is on screen and drawn (`shown`): the first question shows first, the
  // bookmark's state (needed only when the player reaches for it) a moment later.
  const [asked, setAsked] = useState(false);
  const shown = useCallback(() => setAsked(true), []);
  const list = useApiQuery(
    !enabled ? 'bookmarks:off' : asked ? `bookmarks:${kind}` : 'bookmarks:not-yet',
    () => (!enabled ? Promise.resolve(noBookmarks) : asked ? paintThenIdle().then(() => getBookmarks(kind)) : new Promise<never>(() => undefined)),
    () => false,
  );
  // What this page changed since the list was read: question id → bookmarked.
  const [changes, setChanges] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [busyId, setBusyId] = useState<number | null>(null);
  const listed = list.status === 'content' ? list.data : null;

  const isBookmarked = useCallback((id: number) => changes.get(id) ?? (listed?.some((b) => b.id === id) ?? false), [changes, listed]);

  const toggle = useCallback(
    async (id: number) => {
      const add = !isBookmarked(id);
      setBusyId(id);
      const result = await setBookmark(id, add, kind);
      setBusyId(null);
      if (result.ok) {
        setChanges((m) => new Map(m).set(id, result.data.bookmarked));
        toast.success(t(add ? 'bookmark.added' : 'bookmark.removed'), { id: `bookmark:${id}` });
        return;
      }
      // Not bookmarked on the server (removed elsewhere): say so, and show it as it is.
      if (result.code === 'bookmark_not_found') setChanges((m) => new Map(m).set(id, false));
      toast.error(t(result.status === 0 ? 'errors.network' : messageKeyFor(result.code)), { id: `bookmark:${id}` });
    },
    [isBookmarked, t, kind],
  );

  return { ready: !enabled || list.status !== 'loading', busyId, isBookmarked, toggle, shown };
}
