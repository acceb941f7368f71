import { apiRequest, type ApiResult } from '@/services/client/api';
import type { AssignmentJoined } from '@/machines/assignment/assignment.machine';
import type { AssignmentEntry, AssignmentHostItem, AssignmentPupilItem, AssignmentPupilView } from '@/services/domain/assignments';
import type { AssignmentReport } from '@/services/domain/live-report';

/**
 * Typed fetchers of self-paced assignments (docs/live.md, "Assignments"). The pupil's never toast:
 * the screens say what went wrong where it belongs.
 */

const quiet = { toast: false } as const;
type Seat = { assignment_id: number; token: string };

export const assignmentEntry = (payload: { pin: string }): Promise<ApiResult<AssignmentEntry>> => apiRequest<AssignmentEntry>('assignment_entry', payload, quiet);
export const assignmentJoin = (payload: { pin: string; nickname?: string }): Promise<ApiResult<AssignmentJoined>> => apiRequest<AssignmentJoined>('assignment_join', payload, quiet);
export const assignmentResume = (payload: { pin: string; code: string }): Promise<ApiResult<AssignmentJoined>> => apiRequest<AssignmentJoined>('assignment_resume', payload, quiet);
export const assignmentState = (payload: Seat): Promise<ApiResult<AssignmentPupilView>> => apiRequest<AssignmentPupilView>('assignment_state', payload, quiet);
export const assignmentStart = (payload: Seat): Promise<ApiResult<AssignmentPupilView>> => apiRequest<AssignmentPupilView>('assignment_start', payload, quiet);
export const assignmentAnswer = (payload: Seat & { position: number; answer: string; screen_ms: number | null }): Promise<ApiResult<AssignmentPupilView>> => {
  const { screen_ms, ...rest } = payload;
  return apiRequest<AssignmentPupilView>('assignment_answer', screen_ms === null ? rest : { ...rest, screen_ms }, quiet);
};

// The host's calls.
export interface AssignmentCreate {
  set_id?: number;
  category?: string;
  title?: string;
  opens_at?: number;
  closes_at: number;
  attempts: number;
  shuffle: 0 | 1;
  show_answers: string;
  timer: string;
}
export const createAssignment = (payload: AssignmentCreate): Promise<ApiResult<AssignmentHostItem>> => apiRequest<AssignmentHostItem>('assignment_create', { ...payload }, quiet);
export const listAssignments = (payload: { offset?: number; limit?: number } = {}): Promise<ApiResult<{ rows: AssignmentHostItem[]; total: number }>> =>
  apiRequest<{ rows: AssignmentHostItem[]; total: number }>('assignments', payload, quiet);
export const hostAssignment = (payload: { assignment_id: number }): Promise<ApiResult<{ assignment: AssignmentHostItem; pupils: AssignmentPupilItem[] }>> =>
  apiRequest<{ assignment: AssignmentHostItem; pupils: AssignmentPupilItem[] }>('assignment', payload, quiet);
export const closeAssignment = (payload: { assignment_id: number }): Promise<ApiResult<AssignmentHostItem>> => apiRequest<AssignmentHostItem>('assignment_close', payload, quiet);
export const assignmentReport = (payload: { assignment_id: number }): Promise<ApiResult<AssignmentReport>> => apiRequest<AssignmentReport>('assignment_report', payload, quiet);
export const assignmentReportCsv = (payload: { assignment_id: number; part: string }): Promise<ApiResult<{ file_name: string; csv: string }>> =>
  apiRequest<{ file_name: string; csv: string }>('assignment_report_csv', payload, quiet);
