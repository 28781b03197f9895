import { ConflictError, type Issue } from '../platform/errors.ts';

/**
 * Why an enrollment, or its cancellation, was refused: the API answers the message (the contract's
 * 409), and a page says the reason in its reader's words without reading the English.
 */
export type EnrollmentRefusalReason =
  | 'not_enrollable'
  | 'already_enrolled'
  | 'session_cancelled'
  | 'closed'
  | 'full'
  | 'not_enrolled'
  | 'cancel_closed';

export class EnrollmentRefusal extends ConflictError {
  readonly reason: EnrollmentRefusalReason;
  constructor(reason: EnrollmentRefusalReason, message: string, issues?: Issue[]) {
    super(message, issues);
    this.reason = reason;
  }
}
