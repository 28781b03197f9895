import { type OpportunityStatus, publicOpportunityStatus } from './opportunity-status.ts';

/** Contract 2.9 `links.dashboard`. Paths are listed in docs/dashboard-urls.md. */
export interface DashboardLinks {
  study: string | null;
  draft_editor: string | null;
  submissions: string | null;
  recruitment: string | null;
  task: string | null;
  settings: string | null;
}

const UNRESOLVED: DashboardLinks = {
  study: null,
  draft_editor: null,
  submissions: null,
  recruitment: null,
  task: null,
  settings: null,
};

function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** `${publicUrl}/dashboard/studies/${id}`, or null when any link part cannot be resolved. */
export function studyDashboardBase(input: {
  publicUrl: string | null | undefined;
  organizationSlug: string | null | undefined;
  projectId: string | null | undefined;
  opportunityId: string;
}): string | null {
  if (!present(input.publicUrl) || !present(input.organizationSlug) || !present(input.projectId)) {
    return null;
  }
  const origin = input.publicUrl.replace(/\/+$/, '');
  return `${origin}/dashboard/studies/${encodeURIComponent(input.opportunityId)}`;
}

/**
 * A study that reads as draft opens the builder and has nothing else; anything launched opens
 * its submissions and has the four working pages, never the builder (draft_editor xor the rest).
 * Internal statuses that report as draft (preparing, expired, ...) route like a draft, so the
 * links always agree with the status the client sees.
 */
export function dashboardLinks(input: {
  publicUrl: string | null | undefined;
  organizationSlug: string | null | undefined;
  projectId: string | null | undefined;
  opportunityId: string;
  status: OpportunityStatus;
}): DashboardLinks {
  const base = studyDashboardBase(input);
  if (base === null) return { ...UNRESOLVED };
  if (publicOpportunityStatus(input.status) === 'draft') {
    const builder = `${base}/builder`;
    return { ...UNRESOLVED, study: builder, draft_editor: builder };
  }
  return {
    study: `${base}/submissions`,
    draft_editor: null,
    submissions: `${base}/submissions`,
    recruitment: `${base}/recruitment`,
    task: `${base}/tasks`,
    settings: `${base}/settings`,
  };
}

/** The summary form's `dashboard_url` (2.2): the study's own page. */
export function opportunityDashboardUrl(input: Parameters<typeof dashboardLinks>[0]) {
  return dashboardLinks(input).study;
}
