'use client';

import { lazyView } from '@/components/ui/lazy-view';

/** A pupil's screen in an assignment, fetched as its own chunk (components/ui/lazy-view.tsx). */
export const AssignmentRoute = lazyView(() => import('@/components/live/assignment-page').then((m) => m.AssignmentPage));

/** The host's assignments, fetched as their own chunk. */
export const AssignmentsRoute = lazyView(() => import('@/components/live/assignments-page').then((m) => m.AssignmentsPage));
