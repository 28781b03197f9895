/**
 * @cohort/sdk: a typed client for the Cohort API v2.
 *
 *   const cohort = createCohortClient({ baseUrl: 'http://localhost:8080/v2', apiKey });
 *   const { data: project } = await cohort.POST('/projects', { body: { name: 'Checkout study' } });
 *   for await (const p of cohort.paginate('/projects')) console.log(p.name);
 */
export {
  apiBaseUrl,
  type CohortClient,
  type CohortClientOptions,
  createCohortClient,
} from './client.ts';
export { CohortApiError, CohortTimeoutError } from './errors.ts';
export { downloadHoursCsv, downloadSubmissionsCsv } from './exports.ts';
export {
  type FeasibilityRequest,
  type WaitForFeasibilityOptions,
  waitForFeasibility,
} from './feasibility.ts';
export {
  type InvitationRequest,
  type InvitationResult,
  inviteParticipants,
} from './invitations.ts';
export {
  type BonusInput,
  type MoneyCallOptions,
  type PaidBonuses,
  type PayoutRunDetail,
  payBonuses,
  runPayout,
} from './money.ts';
export {
  type ItemOf,
  type PaginatedPath,
  type PaginateOptions,
  type PaginateParams,
  paginate,
} from './paginate.ts';
export { type RetryOptions, retryAfterMs, retryingFetch } from './retry.ts';
export type { components, operations, paths } from './schema.ts';
export {
  type AttendanceEntries,
  type AttendanceResult,
  labCalendar,
  recordAttendance,
} from './sessions.ts';
export * from './types.ts';
export * from './webhooks.ts';
