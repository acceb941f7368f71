'use client';

import { useActorRef } from '@xstate/react';
import { machineInspector } from '@/services/client/machine-inspector';
import { useState } from 'react';
import { useTranslation } from '@/services/client/i18n';
import { ExamView } from '@/components/exam/exam-view';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { SkeletonText } from '@/components/ui/skeleton';
import { createExamMachine, type ExamMachine } from '@/machines/exam/exam.machine';
import { liveExamServices, newClientId } from '@/services/client/exam-api';
import { useSystemConfig } from '@/services/client/use-system-config';
import { useAppSelector } from '@/services/store/hooks';
import { selectSystemConfig } from '@/services/store/selectors';

/** The exam machine with the real server's effects; fullscreen is asked for when the exam starts. */
export const liveExamMachine: ExamMachine = createExamMachine(liveExamServices).provide({
  actions: {
    requestFullscreen: ({ context }) => {
      if (context.exam?.fullscreen && typeof document !== 'undefined' && !document.fullscreenElement) {
        document.documentElement.requestFullscreen?.().catch(() => undefined);
      }
    },
  },
});

/** /exam-module/: the exams of the player, and the exam itself. A reload resumes a running exam. */
export function ExamModule({ machine = liveExamMachine }: { machine?: ExamMachine }) {
  const { t } = useTranslation();
  const config = useSystemConfig();
  const settings = useAppSelector(selectSystemConfig);
  const [clientId] = useState(newClientId);
  const actorRef = useActorRef(machine, { input: { clientId }, inspect: machineInspector() });
  if (config.status === 'loading') return <SkeletonText label={t('common.loading')} lines={4} />;
  if (config.status === 'error') return <ErrorWithRetry title={t('common.error_title')} message={t('common.load_failed')} retryLabel={t('common.retry')} onRetry={config.retry} />;
  const number = (key: string, fallback: number) => {
    const n = Number((settings as Record<string, string> | null)?.[key]);
    return Number.isFinite(n) && n > 0 ? n : fallback;
  };
  return <ExamView actorRef={actorRef} hiddenLimitSeconds={number('exam_violation_hidden_seconds', 5)} resumeMinutes={number('exam_module_resume_exam_timeout', 5)} />;
}
