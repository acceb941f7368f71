'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from '@/services/client/i18n';
import { getBookmarkState, QUIZ_BOOKMARKS, setBookmark } from '@/services/client/play-api';
import { paintThenIdle } from '@/components/ui/after-paint';
import { messageKeyFor } from '@/services/domain/code-messages';

export interface Bookmarks {
  /** False until whether this question is bookmarked is known (or could not be read). */
  ready(questionId: number): boolean;
  /** The question being added or removed, if any. */
  readonly busyId: number | null;
  isBookmarked(questionId: number): boolean;
  toggle(questionId: number): Promise<void>;
  /** A question's toggle is on screen and drawn: whether it is bookmarked is read now. */
  shown(questionId: number): void;
}

/**
 * The player's bookmarks for a play: whether each question on screen is bookmarked
 * (`get_bookmark_state`, asked once per question, after the question is drawn), and adding or
 * removing one (`set_bookmark`). The server's refusal to remove a question that is not bookmarked
 * is said in the spec's words ("cannot remove question from bookmark"), and the toggle follows the
 * server. A state that could not be read leaves the toggle usable, off: adding a bookmark that is
 * there already is fine.
 */
export function useBookmarks(enabled = true, kind: string = QUIZ_BOOKMARKS): Bookmarks {
  const { t } = useTranslation();
  // question id → bookmarked: what the server said, then what this page changed.
  const [known, setKnown] = useState<ReadonlyMap<number, boolean>>(new Map());
  const asked = useRef(new Set<number>());
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const [busyId, setBusyId] = useState<number | null>(null);

  const shown = useCallback(
    (id: number) => {
      if (!enabled || asked.current.has(id)) return;
      asked.current.add(id);
      void paintThenIdle()
        .then(() => getBookmarkState([id], kind))
        .then((result) => {
          if (!live.current) return;
          const on = result.ok && result.data.bookmarked.includes(id);
          // A toggle made while the state was on its way stands.
          setKnown((m) => (m.has(id) ? m : new Map(m).set(id, on)));
        });
    },
    [enabled, kind],
  );

  const isBookmarked = useCallback((id: number) => known.get(id) ?? false, [known]);
  const ready = useCallback((id: number) => !enabled || known.has(id), [enabled, known]);

  const toggle = useCallback(
    async (id: number) => {
      const add = !isBookmarked(id);
      setBusyId(id);
      const result = await setBookmark(id, add, kind);
      if (!live.current) return;
      setBusyId(null);
      if (result.ok) {
        setKnown((m) => new Map(m).set(id, result.data.bookmarked));
        toast.success(t(add ? 'bookmark.added' : 'bookmark.removed'), { id: `bookmark:${id}` });
        return;
      }
      // Not bookmarked on the server (removed elsewhere): say so, and show it as it is.
      if (result.code === 'bookmark_not_found') setKnown((m) => new Map(m).set(id, false));
      toast.error(t(result.status === 0 ? 'errors.network' : messageKeyFor(result.code)), { id: `bookmark:${id}` });
    },
    [isBookmarked, t, kind],
  );

  return { ready, busyId, isBookmarked, toggle, shown };
}
