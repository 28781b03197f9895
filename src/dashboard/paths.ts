import {
  type DashboardLinks,
  dashboardLinks,
  type OpportunityStatus,
} from '../opportunities/index.ts';

/**
 * Links between dashboard pages are paths, not absolute URLs, so the pages work on whatever host
 * serves them. Study links come from the same dashboardLinks the API uses, so the pages a study
 * offers (builder or the four working pages) always agree with its `links.dashboard`.
 */
export function studyPaths(input: {
  id: string;
  projectId: string;
  status: string;
  organizationSlug: string;
}): Record<keyof DashboardLinks, string | null> {
  // Any origin will do: only the path of each link is kept.
  const links = dashboardLinks({
    publicUrl: 'http://dashboard.invalid',
    organizationSlug: input.organizationSlug,
    projectId: input.projectId,
    opportunityId: input.id,
    status: input.status as OpportunityStatus,
  });
  const path = (url: string | null) => (url === null ? null : new URL(url).pathname);
  return {
    study: path(links.study),
    draft_editor: path(links.draft_editor),
    submissions: path(links.submissions),
    recruitment: path(links.recruitment),
    task: path(links.task),
    settings: path(links.settings),
  };
}

export const projectPath = (id: string) => `/dashboard/projects/${encodeURIComponent(id)}`;
export const feasibilityPath = (id: string) => `/dashboard/feasibility/${encodeURIComponent(id)}`;
export const submissionPath = (opportunityId: string, submissionId: string) =>
  `/dashboard/studies/${encodeURIComponent(opportunityId)}/submissions/${encodeURIComponent(submissionId)}`;
