import { apiRequest, type ApiResult, type Payload } from '@/services/client/api';
import type { ActivityRow, ImportRun, AdminCategory, AdminQuestion, AdminReading, AdminReport, AdminSubcategory, AuditEntry, Dashboard, PlayerRow, RouteVitals, SettingGroupItems } from '@/services/domain/console-types';

export type { ActivityRow, AdminCategory, AdminQuestion, AdminReading, AdminReport, AdminSubcategory, AuditEntry, Dashboard, PlayerRow, SettingGroupItems, SettingItem } from '@/services/domain/console-types';

/**
 * The console's calls (docs/operators.md). Only the console's pages import this module, so none
 * of it reaches a player's page. Views render their own error states: no toasts from here unless
 * a view asks for one.
 */

export type OperatorRole = 'admin' | 'editor';

export interface Whoami {
  user_id: number;
  name: string;
  role: OperatorRole;
}

export interface PlayerDetail extends PlayerRow {
  coin_history: { id: number; amount: number; type: string; title: string; balance_after: number; created_at: string }[];
  plays: { id: string; mode: string; status: string; created_at: string }[];
  reports: { id: number; kind: string; question_id: number; message: string; status: string; created_at: string }[];
}

export interface Page<T> {
  total: number;
  rows: T[];
}

export interface PaymentRow {
  id: number;
  user_id: number;
  user_name: string;
  payment_type: 'paypal' | 'mobile' | 'upi';
  payment_address: string;
  coins: number;
  amount: string;
  details: string;
  status: 'pending' | 'completed' | 'invalid' | 'deleted';
  reason: string | null;
  created_at: string;
  decided_at: string | null;
}

export interface NotificationSend {
  id: number;
  title: string;
  message: string;
  image: string | null;
  link: string | null;
  audience: 'all' | 'user' | 'language';
  user_id: number | null;
  language_id: number | null;
  status: 'delivering' | 'done';
  delivered: number;
  created_at: string;
  finished_at: string | null;
}

export interface OperatorRow {
  user_id: number;
  name: string;
  email: string | null;
  role: OperatorRole;
}

export interface ContentLanguageRow {
  id: number;
  code: string;
  language: string;
  active: boolean;
}

export type { ImportRun };

export interface InfoPage {
  type: 'about_us' | 'privacy_policy' | 'terms_conditions' | 'contact_us' | 'instructions' | 'faq';
  language: string;
  title: string;
  content: string;
  items: { question: string; answer: string }[];
}

export interface DailyPick {
  language_id: number;
  day: string;
  locked: boolean;
  questions: { id: number; question: string; question_type: string; category_name: string }[];
}

export type EventPhase = 'upcoming' | 'live' | 'ended';

export interface EventQuestion {
  id: number;
  question_type: 'multiple' | 'boolean';
  question: string;
  image: string | null;
  options: string[];
  answer: string;
  note: string;
  marks?: number;
}

export interface OperatorContestRow {
  id: number;
  language_id: number;
  name: string;
  starts_at: string;
  ends_at: string;
  entry_fee: number;
  active: boolean;
  phase: EventPhase;
  prizes_paid_at: string | null;
  entries: number;
  questions: number;
}

export interface OperatorContest {
  id: number;
  language_id: number;
  name: string;
  description: string;
  image: string | null;
  starts_at: string;
  ends_at: string;
  entry_fee: number;
  active: boolean;
  phase: EventPhase;
  prizes_paid_at: string | null;
  questions: EventQuestion[];
  prizes: { rank_to: number; coins: number }[];
  standings: { user_id: number; name: string; score: number; correct: number; finished_at: string | null; prize_rank: number | null; prize_coins: number | null }[];
}

export interface OperatorExamRow {
  id: number;
  language_id: number;
  title: string;
  starts_at: string;
  ends_at: string;
  duration_minutes: number;
  active: boolean;
  phase: EventPhase;
  attempts: number;
  questions: number;
}

export interface OperatorExam {
  id: number;
  language_id: number;
  title: string;
  starts_at: string;
  ends_at: string;
  exam_key: string;
  duration_minutes: number;
  answer_again: boolean;
  require_fullscreen: boolean;
  active: boolean;
  phase: EventPhase;
  total_marks: number;
  questions: (EventQuestion & { marks: number })[];
}

export interface ExamResults {
  exam_id: number;
  total_questions: number;
  attempts: {
    attempt_id: string;
    user_id: number;
    name: string;
    status: string;
    started_at: string;
    ended_at: string | null;
    end_reason: string | null;
    rules_violated: boolean;
    obtained_marks: number | null;
    total_marks: number | null;
    correct: number | null;
    violations: { kind: string; at: string; question_id: number | null; duration_ms: number | null }[];
    captured_question_ids: number[];
  }[];
}

export type ActivityKind = 'active_players' | 'plays' | 'battles' | 'coins_issued' | 'coins_spent';

const quiet = <T>(name: string, payload: Payload = {}): Promise<ApiResult<T>> => apiRequest<T>(name, payload, { toast: false });

export const adminApi = {
  whoami: () => quiet<Whoami>('admin_whoami'),
  dashboard: () => quiet<Dashboard>('admin_dashboard'),
  webVitals: () => quiet<RouteVitals[]>('admin_web_vitals'),
  players: (q: { query?: string; offset: number; limit: number; sort: string; order: 'asc' | 'desc' }) => quiet<Page<PlayerRow>>('admin_players', q),
  player: (userId: number) => quiet<PlayerDetail>('admin_player', { user_id: userId }),
  setPlayerStatus: (userId: number, active: boolean) => quiet<{ user_id: number; active: boolean }>('admin_set_player_status', { user_id: userId, active: active ? '1' : '0' }),
  adjustCoins: (input: { user_id: number; amount: number; reason: string; request_key: string }) => quiet<{ user_id: number; coins: number; applied: boolean }>('admin_adjust_coins', input),
  payments: (q: { status: PaymentRow['status']; offset: number; limit: number }) => quiet<Page<PaymentRow>>('admin_payment_requests', q),
  decidePayment: (input: { payment_id: number; status: 'completed' | 'invalid'; reason?: string }) => quiet<{ id: number; status: string }>('admin_decide_payment_request', input),
  audit: async (q: { limit: number; offset: number; action?: string; target_type?: string; target_id?: string }): Promise<ApiResult<Page<AuditEntry>>> => {
    const result = await quiet<AuditEntry[]>('admin_audit_log', q);
    return result.ok ? { ...result, data: { rows: result.data, total: Number(result.meta.total ?? result.data.length) } } : result;
  },
  sendNotification: (input: Payload) => quiet<NotificationSend>('admin_send_notification', input),
  notificationSends: (q: { offset: number; limit: number }) => quiet<Page<NotificationSend>>('admin_notification_sends', q),
  settings: () => quiet<SettingGroupItems[]>('admin_settings'),
  updateSetting: (key: string, value: string) => quiet<{ key: string; value: string; changed: boolean }>('admin_update_setting', { key, value }),
  operators: () => quiet<OperatorRow[]>('admin_operators'),
  grantRole: (input: { email: string; role: OperatorRole }) => quiet<OperatorRow>('admin_grant_role', input),
  revokeRole: (userId: number) => quiet<{ user_id: number; role: null }>('admin_revoke_role', { user_id: userId }),
  languages: () => quiet<ContentLanguageRow[]>('admin_languages'),
  categories: (type: number, languageId: number) => quiet<AdminCategory[]>('admin_categories', { type, language_id: languageId }),
  category: (categoryId: number) => quiet<AdminCategory & { subcategory_list: AdminSubcategory[] }>('admin_category', { category_id: categoryId }),
  saveCategory: (input: Payload) => quiet<AdminCategory>('admin_save_category', input),
  saveSubcategory: (input: Payload) => quiet<AdminSubcategory>('admin_save_subcategory', input),
  questions: (q: Payload & { offset: number; limit: number }) => quiet<Page<AdminQuestion>>('admin_questions', q),
  question: (id: number) => quiet<AdminQuestion>('admin_question', { id }),
  saveQuestion: (input: Payload) => quiet<AdminQuestion>('admin_save_question', input),
  setQuestionStatus: (id: number, active: boolean) => quiet<{ id: number; active: boolean }>('admin_set_question_status', { id, active: active ? '1' : '0' }),
  reports: (q: { status: AdminReport['status']; offset: number; limit: number }) => quiet<Page<AdminReport>>('admin_reports', q),
  resolveReport: (reportId: number, status: 'fixed' | 'dismissed') => quiet<{ id: number; status: string }>('admin_resolve_report', { report_id: reportId, status }),
  importFile: (file: Blob, options: { format: string; language: string }) => quiet<ImportRun>('admin_import', { file, ...options }),
  importRun: (importId: number) => quiet<ImportRun>('admin_import_run', { import_id: importId }),
  importRuns: () => quiet<ImportRun[]>('admin_import_runs'),
  pages: (language: string) => quiet<InfoPage[]>('admin_pages', { language }),
  savePage: (input: Payload) => quiet<InfoPage>('admin_save_page', input),
  dailyQuiz: (languageId: number, day: string) => quiet<DailyPick>('admin_daily_quiz', { language_id: languageId, day }),
  setDailyQuiz: (languageId: number, day: string, ids: number[]) => quiet<DailyPick>('admin_set_daily_quiz', { language_id: languageId, day, question_ids: ids.join(',') }),
  contests: () => quiet<OperatorContestRow[]>('admin_contests'),
  contest: (contestId: number) => quiet<OperatorContest>('admin_contest', { contest_id: contestId }),
  saveContest: (input: Payload) => quiet<OperatorContest>('admin_save_contest', input),
  saveContestQuestion: (input: Payload) => quiet<OperatorContest>('admin_save_contest_question', input),
  deleteContestQuestion: (contestId: number, questionId: number) => quiet<OperatorContest>('admin_delete_contest_question', { contest_id: contestId, question_id: questionId }),
  setContestPrizes: (contestId: number, prizes: string) => quiet<OperatorContest>('admin_set_contest_prizes', { contest_id: contestId, prizes }),
  payContest: (contestId: number) => quiet<{ contest_id: number; players_paid: number; already_paid: boolean }>('admin_pay_contest', { contest_id: contestId }),
  exams: () => quiet<OperatorExamRow[]>('admin_exams'),
  exam: (examId: number) => quiet<OperatorExam>('admin_exam', { exam_id: examId }),
  saveExam: (input: Payload) => quiet<OperatorExam>('admin_save_exam', input),
  saveExamQuestion: (input: Payload) => quiet<OperatorExam>('admin_save_exam_question', input),
  deleteExamQuestion: (examId: number, questionId: number) => quiet<OperatorExam>('admin_delete_exam_question', { exam_id: examId, question_id: questionId }),
  examResults: (examId: number) => quiet<ExamResults>('admin_exam_results', { exam_id: examId }),
  activity: (q: { kind: ActivityKind; offset: number; limit: number }) => quiet<Page<ActivityRow>>('admin_activity', q),
  readings: (categoryId: number) => quiet<AdminReading[]>('admin_readings', { category_id: categoryId }),
  saveReading: (input: Payload) => quiet<AdminReading>('admin_save_reading', input),
  uploadMedia: (kind: 'image' | 'audio', file: Blob) => quiet<{ path: string }>('admin_upload_media', { kind, file }),
};
