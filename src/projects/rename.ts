import { type AuditActor, recordActorEvent } from '../audit/index.ts';
import type { Db } from '../platform/db/database.ts';
import { NotFoundError } from '../platform/errors.ts';
import type { ProjectRow } from './projects.table.ts';
import { findProject, updateProjectName } from './store.ts';

/**
 * Renames a project (its slug and dashboard address stay), recording the old and new names in the
 * audit log in the same transaction.
 */
export async function renameProject(
  db: Db,
  request: {
    organizationId: string;
    projectId: string;
    change: { name: string; description?: string };
    actor?: AuditActor;
  },
): Promise<ProjectRow> {
  const { organizationId, projectId, change } = request;
  return db.transaction().execute(async (trx) => {
    const before = await findProject(trx, organizationId, projectId);
    if (!before) throw new NotFoundError('Project', projectId);
    const project = await updateProjectName(trx, organizationId, projectId, change);
    if (!project) throw new NotFoundError('Project', projectId);
    await recordActorEvent(trx, request.actor, {
      organizationId,
      action: 'project.renamed',
      subjectType: 'project',
      subjectId: projectId,
      details: {
        from: before.name,
        to: project.name,
        ...(change.description !== undefined ? { description_changed: true } : {}),
      },
    });
    return project;
  });
}
