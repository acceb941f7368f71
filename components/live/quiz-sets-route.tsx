'use client';

import { lazyView } from '@/components/ui/lazy-view';

/** "My quizzes", fetched as its own chunk (components/ui/lazy-view.tsx). */
export const QuizSetsRoute = lazyView(() => import('@/components/live/quiz-sets-page').then((m) => m.QuizSetsPage));
