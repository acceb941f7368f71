'use client';

import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from '@/services/client/i18n';
import { ProfileSubPage } from '@/components/profile/profile-sub-page';
import { LiveQuizPlay } from '@/components/solo-play/live-quiz-play';
import { BackLink } from '@/components/ui/back-link';
import { Button, ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { SkeletonText } from '@/components/ui/skeleton';
import type { QuizPlayMachine } from '@/machines/quiz-play/quiz-play.machine';
import { BOOKMARK_KINDS, getBookmarks, QUIZ_BOOKMARKS, setBookmark } from '@/services/client/play-api';
import { useApiQuery } from '@/services/client/use-api-query';
import { messageKeyFor } from '@/services/domain/code-messages';

export const BOOKMARK_PLAY_PATH = '/play-bookmark-questions/';
export const BOOKMARKS_PATH = '/profile/play-bookmark-questions/';

/** The play of a kind's bookmarks. */
export const bookmarkPlayHref = (kind: string) => (kind === QUIZ_BOOKMARKS ? BOOKMARK_PLAY_PATH : `${BOOKMARK_PLAY_PATH}?type=${kind}`);

/**
 * /profile/play-bookmark-questions/: the bookmarked questions of a kind (quiz questions, words,
 * multi match; never with their answers), removing one, and playing them.
 */
export function BookmarksView() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<string>(QUIZ_BOOKMARKS);
  return (
    <ProfileSubPage title={t('bookmark.title')} description={t('bookmark.description')}>
      <div role="group" aria-label={t('bookmark.kinds')} className="flex flex-wrap gap-2">
        {BOOKMARK_KINDS.map((k) => (
          <Button key={k} variant={k === kind ? 'primary' : 'secondary'} aria-pressed={k === kind} onClick={() => setKind(k)}>
            {t(`bookmark.kind.${k}`)}
          </Button>
        ))}
      </div>
      <BookmarkList key={kind} kind={kind} />
    </ProfileSubPage>
  );
}

function BookmarkList({ kind }: { kind: string }) {
  const { t } = useTranslation();
  const list = useApiQuery(`bookmark-list:${kind}`, () => getBookmarks(kind), (d) => d.length === 0);
  // Removed here since the list was read.
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<number | null>(null);
  const items = list.status === 'content' ? list.data.filter((b) => !removed.has(b.id)) : [];

  const remove = async (id: number) => {
    setBusy(id);
    const result = await setBookmark(id, false, kind);
    setBusy(null);
    if (result.ok || result.code === 'bookmark_not_found') setRemoved((s) => new Set(s).add(id));
    if (result.ok) toast.success(t('bookmark.removed'), { id: `bookmark:${id}` });
    // Not bookmarked any more (removed elsewhere): "cannot remove question from bookmark".
    else toast.error(t(result.status === 0 ? 'errors.network' : messageKeyFor(result.code)), { id: `bookmark:${id}` });
  };

  return (
    <>
      {list.status === 'loading' ? (
        <SkeletonText label={t('common.loading')} lines={6} />
      ) : list.status === 'error' ? (
        <ErrorWithRetry title={t('common.error_title')} message={t('bookmark.load_failed')} retryLabel={t('common.retry')} onRetry={list.retry} />
      ) : list.status === 'empty' || items.length === 0 ? (
        <EmptyState title={t('bookmark.empty_title')} description={t('bookmark.empty_hint')} />
      ) : (
        <>
          <ButtonLink href={bookmarkPlayHref(kind)} className="self-start">
            {t('bookmark.play', { n: items.length })}
          </ButtonLink>
          <ol className="flex flex-col divide-y divide-line rounded-card border border-line bg-surface">
            {items.map((b, i) => (
              <li key={b.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center">
                <p dir="auto" className="flex-1 break-words">
                  <span className="me-2 font-semibold text-fg-muted">{i + 1}.</span>
                  {b.question}
                </p>
                <Button variant="secondary" className="shrink-0 self-start" disabled={busy === b.id} onClick={() => void remove(b.id)} aria-label={t('bookmark.remove_named', { n: i + 1 })}>
                  {t('bookmark.remove')}
                </Button>
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}

/** /play-bookmark-questions/: plays the bookmarked questions (practice: no coins, no score). */
export function BookmarkPlayView({ machine, kind = QUIZ_BOOKMARKS }: { machine?: QuizPlayMachine; kind?: string }) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-2">
      <BackLink href={BOOKMARKS_PATH} label={t('bookmark.back')} />
      <LiveQuizPlay
        request={{ mode: 'bookmark', type: (BOOKMARK_KINDS as readonly string[]).includes(kind) ? kind : QUIZ_BOOKMARKS }}
        machine={machine}
        slots={{
          exitHref: BOOKMARKS_PATH,
        }}
      />
    </section>
  );
}
