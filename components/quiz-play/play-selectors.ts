import { questionOnScreen, type QuizPlaySnapshot } from '@/machines/quiz-play/quiz-play.machine';

/**
 * What the play views read from the machine's snapshot. Selectors return stable values (strings,
 * numbers, objects of the context) so that `useSelector` re-renders only on real changes.
 */

/** The top-level screen: one of the machine's top-level states. */
export const selectScreen = (s: QuizPlaySnapshot) =>
  (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]) as
    | 'loading'
    | 'failed'
    | 'empty'
    | 'playing'
    | 'finishing'
    | 'finishFailed'
    | 'result'
    | 'reviewing'
    | 'reviewFailed'
    | 'review';

/** Where the play stands on the question screen. */
export const selectStep = (s: QuizPlaySnapshot): 'answering' | 'lifeline' | 'hinting' | 'waitingAudio' | 'startingClock' | 'submitting' | 'feedback' | null => {
  if (s.matches({ playing: { question: 'answering' } })) return 'answering';
  if (s.matches({ playing: { question: 'hinting' } })) return 'hinting';
  if (s.matches({ playing: { question: 'waitingAudio' } })) return 'waitingAudio';
  if (s.matches({ playing: { question: 'startingClock' } })) return 'startingClock';
  if (s.matches({ playing: { question: 'lifeline' } })) return 'lifeline';
  if (s.matches({ playing: { question: 'submitting' } })) return 'submitting';
  if (s.matches({ playing: 'feedback' })) return 'feedback';
  return null;
};

export const selectQuestion = (s: QuizPlaySnapshot) => questionOnScreen(s.context);
export const selectSession = (s: QuizPlaySnapshot) => s.context.session;
