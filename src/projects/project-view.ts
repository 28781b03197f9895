import type { ProjectRow } from './projects.table.ts';
import type { ProjectResponse } from './schemas.ts';

export function projectDashboardUrl(publicUrl: string, projectId: string): string {
  return `${publicUrl}/dashboard/projects/${projectId}`;
}

/** Storage row to contract shape: the only place a project's wire form is decided. */
export function projectRowToProject(row: ProjectRow, publicUrl: string): ProjectResponse {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    created_at: row.created_at,
    dashboard_url: projectDashboardUrl(publicUrl, row.id),
  };
}
