'use client';

import { lazyView } from '@/components/ui/lazy-view';

/** The exam module, fetched as its own chunk (components/ui/lazy-view.tsx). */
export const ExamModuleRoute = lazyView(() => import('@/components/exam/exam-module').then((m) => m.ExamModule));
