import { apiRequest } from '@/services/client/api';
import { browserTimezone } from '@/services/client/play-api';
import type { ExamPageEvent } from '@/machines/exam/violation-watcher.machine';
import type { ExamServices } from '@/machines/exam/exam.machine';
import type { ExamList, ExamListItem, ExamProgress, ExamResult, ExamSession } from '@/services/domain/exams';
import type { CallOutcome } from '@/services/domain/play-session';

/**
 * The exam machine's effects against the server (docs/exams.md), and the adapter that turns the
 * browser's events into the machine's page events. Failures are shown by the machine's screens,
 * so nothing is toasted here.
 */

const quiet = { toast: false } as const;
const LIST_TYPE: Readonly<Record<ExamList, number>> = { today: 1, upcoming: 2, completed: 3 };

/** How the services reach the server: the API client's request (tests pass one of their own). */
export type ExamRequest = <T>(endpoint: string, payload: Record<string, string | number>, options: { toast: false; keepalive?: boolean }) => Promise<CallOutcome<T>>;

/** The exam calls of docs/exams.md, as the exam machine asks for them. */
export function createExamServices(request: ExamRequest, timezone: () => string = browserTimezone): ExamServices {
  return {
    loadList: ({ type }) => request<ExamListItem[]>('get_exam_module', { type: LIST_TYPE[type], timezone: timezone(), offset: 0, limit: 50 }, quiet),
    openExam: (p) => request<ExamSession>('get_exam_module_questions', { exam_module_id: p.exam_module_id, exam_key: p.exam_key, rules_agreed: p.rules_agreed ? 1 : 0, client_id: p.client_id }, quiet),
    setAnswer: (p) => request<ExamProgress>('set_exam_answer', { ...p }, quiet),
    report: ({ keepalive, ...p }) =>
      request<ExamProgress>('report_exam_violation', { session_id: p.session_id, kind: p.kind, question_id: p.question_id ?? '', client_id: p.client_id }, { ...quiet, keepalive: keepalive === true }),
    heartbeat: (p) => request<ExamProgress>('exam_heartbeat', { ...p }, quiet),
    submitExam: (p) =>
      request<ExamResult>('set_exam_module_result', { exam_module_id: p.exam_module_id, rules_violated: p.rules_violated ? 1 : 0, captured_question_ids: p.captured_question_ids.join(',') }, quiet),
    loadResult: (p) => request<ExamResult>('get_exam_module_result', { ...p }, quiet),
  };
}

export const liveExamServices: ExamServices = createExamServices((endpoint, payload, options) => apiRequest(endpoint, payload, options));

/** A random id for this page load: the server tells two pages of one exam apart by it. */
export function newClientId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `p_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export interface PageEventTarget {
  readonly document: Document;
  readonly window: Window;
}

/**
 * Listens to the page for the exam: visibility, focus, fullscreen, screenshot keys, copy, paste,
 * the context menu and the page going away, and sends each as a page event. Copy, paste and the
 * context menu inside `questionArea` are also blocked. Answers the function that removes every
 * listener.
 */
export function installExamPageEvents(
  send: (event: ExamPageEvent) => void,
  options: { questionArea?: () => HTMLElement | null; target?: PageEventTarget } = {},
): () => void {
  const { document: doc, window: win } = options.target ?? { document, window };
  const inQuestions = (e: Event) => {
    const area = options.questionArea?.();
    return !area || (e.target instanceof Node && area.contains(e.target));
  };
  const listeners: [EventTarget, string, EventListener][] = [
    [doc, 'visibilitychange', () => send({ type: doc.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible' })],
    [win, 'blur', () => send({ type: 'page.blur' })],
    [doc, 'fullscreenchange', () => !doc.fullscreenElement && send({ type: 'page.fullscreen_exit' })],
    [
      win,
      'keydown',
      (e) => {
        const k = e as KeyboardEvent;
        if (k.key === 'PrintScreen') return; // sent on keyup, where every platform delivers it
        send({ type: 'page.key', key: { key: k.key, code: k.code, ctrlKey: k.ctrlKey, metaKey: k.metaKey, shiftKey: k.shiftKey, altKey: k.altKey } });
      },
    ],
    [
      win,
      'keyup',
      (e) => {
        const k = e as KeyboardEvent;
        if (k.key === 'PrintScreen') send({ type: 'page.key', key: { key: k.key, code: k.code } });
      },
    ],
    ...(['copy', 'cut', 'paste', 'contextmenu'] as const).map(
      (type) =>
        [
          doc,
          type,
          (e: Event) => {
            if (!inQuestions(e)) return;
            e.preventDefault();
            send({ type: type === 'contextmenu' ? 'page.context_menu' : type === 'paste' ? 'page.paste' : 'page.copy' });
          },
        ] as [EventTarget, string, EventListener],
    ),
    [win, 'pagehide', () => send({ type: 'page.left' })],
  ];
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
  return () => {
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
  };
}
