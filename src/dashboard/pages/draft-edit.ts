import { sessionActor } from '../../audit/index.ts';
import { editDraft, type OpportunityPatch } from '../../opportunities/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { ValidationError } from '../../platform/errors.ts';
import type { Viewer } from '../session.ts';
import type { Study } from './study-shell.ts';

/**
 * A draft's edit from a page, through the use case PATCH /v2/opportunities/{id} calls: answers the
 * refusal for the page to show beside its fields, or undefined once saved. Anything else thrown
 * is not the researcher's to mend and goes on up.
 */
export async function saveDraftEdit(
  db: Db,
  input: { viewer: Viewer; study: Study; patch: OpportunityPatch; now: Date },
): Promise<ValidationError | undefined> {
  try {
    await editDraft(db, {
      organizationId: input.viewer.organization.id,
      opportunityId: input.study.row.id,
      patch: input.patch,
      now: input.now,
      actor: sessionActor(input.viewer.session),
    });
    return undefined;
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
}
