import type { SettingKind } from '@/services/domain/settings';

/**
 * What the console's calls answer (docs/operators.md), shared by the server that builds the
 * answers and the console that shows them.
 */

/** What categories and subcategories both show in the console. */
interface AdminContentGroup {
  id: number;
  name: string;
  slug: string;
  image: string | null;
  is_premium: boolean;
  coins: number;
  row_order: number;
  active: boolean;
  questions: number;
}

export interface AdminCategory extends AdminContentGroup {
  type: number;
  language_id: number;
  subcategories: number;
}

export interface AdminSubcategory extends AdminContentGroup {
  category_id: number;
}

export interface AdminQuestion {
  id: number;
  mode: string;
  category_id: number;
  category_name: string;
  subcategory_id: number | null;
  subcategory_name: string | null;
  language_id: number;
  question_type: 'multiple' | 'boolean' | 'word' | 'multiselect' | 'sequence';
  question: string;
  options: string[];
  answer: string;
  level: number;
  note: string;
  image: string | null;
  audio: string | null;
  transcript: string | null;
  fun_n_learn_id: number | null;
  active: boolean;
  source: string;
  created_at: string;
}

export interface AdminReport {
  id: number;
  kind: string;
  question_id: number;
  question: string | null;
  message: string;
  status: 'open' | 'fixed' | 'dismissed';
  user_id: number;
  user_name: string;
  created_at: string;
  resolved_at: string | null;
}

export interface SettingItem {
  key: string;
  kind: SettingKind;
  min: number | null;
  max: number | null;
  default: string;
  description: string;
  value: string;
}

export interface SettingGroupItems {
  group: string;
  title: string;
  settings: SettingItem[];
}

export interface AdminReading {
  id: number;
  category_id: number;
  subcategory_id: number | null;
  title: string;
  detail: string;
  content_type: 'text' | 'video' | 'pdf';
  content_data: string;
  active: boolean;
  questions: number;
}

export interface ActivityRow {
  id: string;
  at: string;
  user_id: number | null;
  user_name: string | null;
  what: string;
  detail: string;
  amount: number | null;
}

export interface AuditEntry {
  id: number;
  actor_id: number | null;
  actor_name: string | null;
  via: string;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  created_at: string;
}

export interface PlayerRow {
  id: number;
  name: string;
  email: string | null;
  mobile: string | null;
  coins: number;
  active: boolean;
  role: string | null;
  created_at: string;
}

export interface Dashboard {
  players: { total: number; new_today: number; active_today: number };
  plays_today: number;
  battles_today: number;
  coins_week: { issued: number; spent: number };
  pending_payouts: number;
  open_reports: number;
  since: { today: string; week: string };
}

/** Core Web Vitals of real visits per route: the 75th percentile over the last 28 days (ms; CLS unitless). */
export interface RouteVitals {
  route: string;
  samples: number;
  lcp: number | null;
  inp: number | null;
  cls: number | null;
}

/** An import run (admin_import, admin_import_run, admin_import_runs): its progress while it runs, then its report. */
export interface ImportRun {
  import_id: number;
  status: 'running' | 'done' | 'failed' | 'interrupted';
  format: string;
  file_name: string;
  via: string;
  started_by: number | null;
  read: number;
  inserted: number;
  updated: number;
  duplicates: number;
  rejected_count: number;
  /** The first refused rows (100 at most; none in the list of runs). */
  rejected: { row: number; reason: string }[];
  bytes_read: number;
  total_bytes: number | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}
