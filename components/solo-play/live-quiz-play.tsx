'use client';

import { useTranslation } from '@/services/client/i18n';
import { QuizPlay } from '@/components/quiz-play/quiz-play';
import type { QuizPlaySlots } from '@/components/quiz-play/play-slots';
import { BookmarkToggle, ReportQuestionButton } from '@/components/solo-play/question-actions';
import { useBookmarks } from '@/components/solo-play/use-bookmarks';
import { Medal } from 'lucide-react';
import Link from 'next/link';
import { createQuizPlayMachine, type QuizPlayMachine } from '@/machines/quiz-play/quiz-play.machine';
import { bookmarkKindOf, liveQuizPlayServices } from '@/services/client/play-api';
import type { OpenPlayRequest } from '@/services/domain/play-session';

/** The play machine with the real server's effects. */
export const liveQuizPlayMachine: QuizPlayMachine = createQuizPlayMachine(liveQuizPlayServices);

export interface LiveQuizPlayProps {
  request: OpenPlayRequest;
  /** Overrides whether the mode offers lifelines. */
  lifelines?: boolean;
  /** The page's result actions and refusal screens; the question card's bookmark and report come with every play. */
  slots?: Omit<QuizPlaySlots, 'questionActions'>;
  /** The machine to run (tests pass one with fake effects). */
  machine?: QuizPlayMachine;
}

/**
 * A solo play against the server, with a bookmark toggle and a report button on the question
 * card. Give it a `key` that names the play: a new key starts a new play.
 */
export function LiveQuizPlay({ request, lifelines, slots, machine = liveQuizPlayMachine }: LiveQuizPlayProps) {
  const { t } = useTranslation();
  const kind = bookmarkKindOf(request);
  const bookmarks = useBookmarks(true, kind);
  return (
    <QuizPlay
      machine={machine}
      input={{ request, ...(lifelines === undefined ? {} : { lifelines }) }}
      slots={{
        ...slots,
        // Badges the play earned lead to the badges page, where their rewards are claimed.
        resultActions: (result) => (
          <>
            {result.badges_unlocked.length > 0 ? (
              // A medal moment: the badge first, as a tile of its own that leads to the badges page.
              <Link
                href="/profile/badges/"
                className="order-first flex items-center gap-3 rounded-tile border-2 border-tone-amber bg-coin-soft p-3 font-display text-lg font-bold text-fg no-underline shadow-chunky motion-safe:animate-pop"
              >
                <span aria-hidden="true" className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-tone-amber text-white">
                  <Medal className="size-7" />
                </span>
                <span>{t('solo.badges_unlocked', { names: result.badges_unlocked.map((b) => t(`badges.${b}.name`)).join(', ') })}</span>
              </Link>
            ) : null}
            {slots?.resultActions?.(result)}
          </>
        ),
        questionActions: (question) => (
          <>
            <BookmarkToggle questionId={question.id} bookmarks={bookmarks} />
            <ReportQuestionButton questionId={question.id} kind={kind} />
          </>
        ),
      }}
    />
  );
}
