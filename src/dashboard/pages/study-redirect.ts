import { findOpportunity } from '../../opportunities/index.ts';
import { NotFoundError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { studyPaths } from '../paths.ts';
import type { DashboardRouter } from '../router.ts';

/** `/dashboard/studies/{id}` opens the study's own page: the builder of a draft, else submissions. */
export function studyRedirect(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;
  router.page('/studies/:opportunityId', async ({ viewer, params }) => {
    const row = await findOpportunity(db, viewer.organization.id, params.opportunityId!);
    if (!row) throw new NotFoundError('Opportunity', params.opportunityId!);
    const paths = studyPaths({
      id: row.id,
      projectId: row.project_id,
      status: row.status,
      organizationSlug: viewer.organization.slug,
    });
    return { redirect: paths.study! };
  });
}
