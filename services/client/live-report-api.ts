import { apiRequest, type ApiResult } from '@/services/client/api';
import type { LiveReport, LiveReportItem, LiveReportPart } from '@/services/domain/live-report';

/** Live games' reports (docs/live.md, Reports): the host's list, a report, its CSV files; the console's list. */

const quiet = { toast: false } as const;

export interface LiveReportsPage {
  readonly rows: LiveReportItem[];
  readonly total: number;
}

export const liveReports = (offset: number, limit: number): Promise<ApiResult<LiveReportsPage>> => apiRequest<LiveReportsPage>('live_reports', { offset, limit }, quiet);

export const adminLiveGames = (offset: number, limit: number): Promise<ApiResult<LiveReportsPage>> => apiRequest<LiveReportsPage>('admin_live_games', { offset, limit }, quiet);

export const liveReport = (gameId: number): Promise<ApiResult<LiveReport>> => apiRequest<LiveReport>('live_report', { game_id: gameId }, quiet);

export const liveReportCsv = (gameId: number, part: LiveReportPart): Promise<ApiResult<{ file_name: string; csv: string }>> =>
  apiRequest<{ file_name: string; csv: string }>('live_report_csv', { game_id: gameId, part }, quiet);

/** Hands a text to the browser as a file download (a byte-order mark first, so spreadsheets read UTF-8). */
export function saveTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
