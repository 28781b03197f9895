import { formatCents } from './decimal-cents.ts';
import type { FeasibilityRequestRow } from './feasibility-requests.table.ts';
import type { FeasibilityRequestResponse } from './schemas.ts';

export const feasibilityDashboardUrl = (publicUrl: string, id: string) =>
  `${publicUrl}/dashboard/feasibility/${encodeURIComponent(id)}`;

/**
 * Storage row to the API's feasibility request (docs/api/feasibility.md). The CPI shows once
 * the request has been priced.
 */
export function feasibilityRowToRequest(
  row: FeasibilityRequestRow,
  publicUrl: string,
): FeasibilityRequestResponse {
  return {
    id: row.id,
    status: row.status as FeasibilityRequestResponse['status'],
    source: row.source,
    taskDescription: row.task_description,
    panelDescription: row.panel_description,
    submissionCount: row.submission_count,
    timelineHours: row.timeline_hours,
    payRateFrequency: row.pay_rate_frequency,
    loiMinutes: row.loi_minutes,
    costPerParticipant:
      row.cpi_cents === null || row.responded_at === null ? null : formatCents(row.cpi_cents),
    respondedAt: row.responded_at,
    createdAt: row.created_at,
    dashboard_url: feasibilityDashboardUrl(publicUrl, row.id),
  };
}
