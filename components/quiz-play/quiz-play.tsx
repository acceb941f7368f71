'use client';

import { useActorRef } from '@xstate/react';
import { machineInspector } from '@/services/client/machine-inspector';
import type { TFunction } from '@/services/client/i18n';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from '@/services/client/i18n';
import type { QuizPlaySlots } from '@/components/quiz-play/play-slots';
import { QuizPlayView } from '@/components/quiz-play/quiz-play-view';
import type { LifelineRefusalNotice } from '@/machines/lifelines/lifelines.machine';
import type { QuizPlayInput, QuizPlayMachine } from '@/machines/quiz-play/quiz-play.machine';
import { refusalMessageKey } from '@/services/domain/lifelines';

/** A lifeline refusal as a toast, in the spec's words ("lifeline already used"). */
export function showRefusalToast(notice: LifelineRefusalNotice, t: TFunction): void {
  const key = refusalMessageKey(notice.lifeline, notice.code);
  toast.error(t(key), { id: `lifeline:${key}` });
}

/** The play machine with lifeline refusals shown as toasts. */
export function withRefusalToasts(machine: QuizPlayMachine, t: TFunction): QuizPlayMachine {
  return machine.provide({ actions: { announceRefusal: (_, notice: LifelineRefusalNotice) => showRefusalToast(notice, t) } });
}

export interface QuizPlayProps {
  /** The play machine with its effects attached (`createQuizPlayMachine(services)`). */
  machine: QuizPlayMachine;
  input: QuizPlayInput;
  /** What the page adds to the play views (question card controls, result actions, refusals). */
  slots?: QuizPlaySlots;
}

/** Starts a play and shows it. The actor lives as long as the component. */
export function QuizPlay({ machine, input, slots }: QuizPlayProps) {
  const { t } = useTranslation();
  // The machine is read once, when the actor starts; later props do not restart a play.
  const [logic] = useState(() => withRefusalToasts(machine, t));
  const actorRef = useActorRef(logic, { input, inspect: machineInspector() });
  return <QuizPlayView actorRef={actorRef} slots={slots} />;
}
