'use client';

import { QuizPlay } from '@/components/quiz-play/quiz-play';
import type { QuizPlaySlots } from '@/components/quiz-play/play-slots';
import { BookmarkToggle, ReportQuestionButton } from '@/components/solo-play/question-actions';
import { useBookmarks } from '@/components/solo-play/use-bookmarks';
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
  const kind = bookmarkKindOf(request);
  const bookmarks = useBookmarks(true, kind);
  return (
    <QuizPlay
      machine={machine}
      input={{ request, ...(lifelines === undefined ? {} : { lifelines }) }}
      slots={{
        ...slots,
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
