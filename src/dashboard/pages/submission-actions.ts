import { SUBMISSION_STATUSES } from '../../admission/index.ts';
import { type AuditActor, sessionActor } from '../../audit/index.ts';
import { payBonuses } from '../../bonuses/index.ts';
import { queueBulkMessage, tellByMessage } from '../../messages/index.ts';
import { financeUrl } from '../../opportunities/index.ts';
import { isDomainError, NotFoundError, ValidationError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { money, plural } from '../../platform/web/format.ts';
import type { SubmissionRow } from '../../submissions/index.ts';
import {
  approveSubmission,
  declineApplicant,
  inviteApplicant,
  isRejectionCategory,
  rejectSubmission,
  requestReturn,
  reviewInBulk,
} from '../../submissions/index.ts';
import type { ActionResult, DashboardRouter } from '../router.ts';
import { safeNext, type Viewer } from '../session.ts';
import { barProblems } from './bulk-problems.ts';
import { parseDollars } from './finance.ts';
import { reviewTableState } from './review-query.ts';
import { loadStudy } from './study-shell.ts';
import { submissionsListPage } from './submissions.ts';

/**
 * The dashboard's review decisions (docs/dashboard.md): one per submission (approve, reject,
 * invite, decline, ask to return) and in bulk, each through the same use cases as the API.
 */
export function submissionActions(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;
  router.action(
    '/studies/:opportunityId/submissions/bulk',
    { permission: 'write', back: ({ form }) => safeNext(form._back) },
    async ({ viewer, params, form, now }) => {
      const back = safeNext(form._back);
      try {
        return await decideInBulk(viewer, params.opportunityId!, form, now, back);
      } catch (error) {
        // Refused: the list again, the problems beside the bar's fields, what was typed and
        // ticked kept (docs/decisions/0183-review-at-a-glance.md). Nothing was written: each use
        // case checks everything before it writes.
        if (!isDomainError(error) || error instanceof NotFoundError) throw error;
        const study = await loadStudy(db, context, viewer, params.opportunityId!);
        if (study.paths.submissions === null) throw error;
        const listed = new URL(back, 'http://dashboard.invalid');
        const state =
          listed.pathname === study.paths.submissions
            ? reviewTableState(Object.fromEntries(listed.searchParams), SUBMISSION_STATUSES)
            : reviewTableState({}, SUBMISSION_STATUSES);
        return {
          status: error instanceof ValidationError ? 400 : 409,
          html: await submissionsListPage(db, {
            viewer,
            study,
            state,
            now,
            attempt: { form, message: error.message, problems: barProblems(error.issues) },
          }),
        };
      }
    },
  );

  /** One decision for the ticked submissions (or every one awaiting review), as the API's. */
  async function decideInBulk(
    viewer: Viewer,
    opportunityId: string,
    form: Record<string, string>,
    now: Date,
    back: string,
  ): Promise<ActionResult> {
    const ticked = (form.ids ?? '').split('\n').filter(Boolean);
    const decision = form.decision ?? '';
    if (!['approve', 'reject', 'bonus', 'message'].includes(decision)) {
      throw new ValidationError('Choose what to do with the chosen submissions', [
        { message: 'decision: choose approve, reject, a bonus or a message' },
      ]);
    }
    if (decision === 'bonus' || decision === 'message') {
      if (form.scope === 'all' || ticked.length === 0) {
        throw new ValidationError('Tick the submissions first', [
          { message: 'submissions: a bonus or a message goes to the ticked submissions' },
        ]);
      }
      if (decision === 'bonus') {
        const cents = parseDollars(form.bonus_amount ?? '');
        const paid = await payBonuses(db, {
          organizationId: viewer.organization.id,
          opportunityId,
          lines: ticked.map((id) => ({
            submission_id: id,
            amount_cents: cents ?? form.bonus_amount ?? '',
            reason: (form.bonus_reason ?? '').trim(),
          })),
          feeBasisPoints: context.config.bonusFeeBasisPoints,
          financeUrl: financeUrl(context.config.publicUrl),
          actor: sessionActor(viewer.session),
          now,
        });
        return {
          redirect: back,
          notice: `Paid ${plural(paid.bonuses.length, 'bonus', 'bonuses')}: ${money(paid.totalCents)} in all.`,
        };
      }
      const sent = await queueBulkMessage(db, {
        organizationId: viewer.organization.id,
        opportunityId,
        body: form.message_body ?? '',
        submissionIds: ticked,
        actor: sessionActor(viewer.session),
      });
      return {
        redirect: back,
        notice: `Message on its way to ${plural(sent.recipientCount, 'participant')}.`,
      };
    }
    const result = await reviewInBulk(db, {
      actor: sessionActor(viewer.session),
      organizationId: viewer.organization.id,
      opportunityId,
      decision:
        decision === 'reject'
          ? {
              kind: 'reject',
              category: form.rejection_category?.trim() ?? '',
              reason: form.rejection_reason?.trim() || null,
            }
          : { kind: 'approve' },
      submissionIds: form.scope === 'all' ? undefined : ticked,
      now,
    });
    const verb = decision === 'reject' ? 'Rejected' : 'Approved';
    const refused = result.refused.map((r) => `${r.id}: ${r.reason}`).join('; ');
    return {
      redirect: back,
      notice: `${verb} ${plural(result.decided.length, 'submission')}.${
        refused
          ? ` Not possible for ${plural(result.refused.length, 'submission')}: ${refused}`
          : ''
      }`,
    };
  }

  const backOf = (form: Record<string, string>) => safeNext(form._back);
  const decision = (
    name: string,
    run: (input: {
      organizationId: string;
      submissionId: string;
      now: Date;
      form: Record<string, string>;
      actor: AuditActor;
    }) => Promise<SubmissionRow>,
    notice: (row: SubmissionRow) => string,
  ) =>
    router.action(
      `/submissions/:submissionId/${name}`,
      { permission: 'write', back: ({ form }) => backOf(form) },
      async ({ viewer, params, form, now }) => {
        const row = await run({
          organizationId: viewer.organization.id,
          submissionId: params.submissionId!,
          now,
          form,
          actor: sessionActor(viewer.session),
        });
        return { redirect: backOf(form), notice: notice(row) };
      },
    );

  decision(
    'request-return',
    (input) =>
      requestReturn(db, {
        ...input,
        reason: input.form.reason ?? '',
        tell: tellByMessage(context.config.publicUrl, input.now),
      }),
    () => 'Asked: the participant has the reason, and the place frees when they return it.',
  );
  decision(
    'approve',
    (input) => approveSubmission(db, input),
    (row) =>
      row.status === 'approved'
        ? 'Approved: the participant is paid.'
        : 'Approved the work handed in; more tasks remain, so it is in progress again.',
  );
  decision(
    'reject',
    (input) => {
      const category = input.form.rejection_category?.trim() || null;
      const reason = input.form.rejection_reason?.trim() || null;
      if (category !== null && !isRejectionCategory(category)) {
        throw new ValidationError('Choose a rejection category from the list', []);
      }
      return rejectSubmission(db, {
        ...input,
        rejectionCategory: category,
        rejectionReason: reason,
      });
    },
    () => 'Rejected: the participant is not paid for this work, and the place is free again.',
  );
  decision(
    'invite',
    (input) => inviteApplicant(db, { ...input, publicUrl: context.config.publicUrl }),
    () => 'Invited: the applicant has a place and can start.',
  );
  decision(
    'decline',
    (input) => declineApplicant(db, input),
    () => 'Declined: the applicant is screened out.',
  );
}
