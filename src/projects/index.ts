/** What other features may use of projects: everything else in this folder is its own. */

export { createProject } from './create.ts';
export { projectDashboardUrl } from './project-view.ts';
export type { ProjectRow } from './projects.table.ts';
export { renameProject } from './rename.ts';
export {
  findProject,
  findProjectWithOpportunityCount,
  listProjects,
  projectNames,
} from './store.ts';
