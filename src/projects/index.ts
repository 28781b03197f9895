/** What other features may use of projects: everything else in this folder is its own. */
export { projectDashboardUrl } from './project-view.ts';
export type { ProjectRow } from './projects.table.ts';
export {
  createProject,
  findProject,
  findProjectWithOpportunityCount,
  listProjects,
  projectNames,
} from './store.ts';
