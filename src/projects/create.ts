import { type AuditActor, recordActorEvent } from '../audit/index.ts';
import type { Db } from '../platform/db/database.ts';
import type { ProjectRow } from './projects.table.ts';
import { insertProject } from './store.ts';

/** Creates a project, and records who did in the audit log in the same transaction. */
export async function createProject(
  db: Db,
  request: {
    organizationId: string;
    input: { name: string; description?: string | null };
    actor?: AuditActor;
  },
): Promise<ProjectRow> {
  return db.transaction().execute(async (trx) => {
    const project = await insertProject(trx, request.organizationId, request.input);
    await recordActorEvent(trx, request.actor, {
      organizationId: request.organizationId,
      action: 'project.created',
      subjectType: 'project',
      subjectId: project.id,
      details: { name: project.name },
    });
    return project;
  });
}
