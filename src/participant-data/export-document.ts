import type { LedgerEntryRow } from '../finance/index.ts';
import type { MailMessageRow } from '../mail/index.ts';
import type { MessageRow } from '../messages/index.ts';
import type { ParticipantRow } from '../participants/index.ts';
import type { ScreeningAnswer } from '../screening/index.ts';
import type { HeldSubmission, StoredFile } from '../submissions/index.ts';
import type { ParticipantExport } from './export-schemas.ts';

/** What an export is made from: rows as stored, read by export.ts. */
export interface HeldData {
  participant: ParticipantRow;
  /** The participant's profile as the API shows it (participants' participantRowToParticipant). */
  profile: ParticipantExport['participant'];
  sessions: { created_at: string; expires_at: string }[];
  groupCount: number;
  submissions: HeldSubmission[];
  timeEntries: {
    id: string;
    submission_id: string;
    opportunity_id: string;
    started_at: string;
    ended_at: string;
    seconds: number;
    created_at: string;
  }[];
  messages: MessageRow[];
  ledger: LedgerEntryRow[];
  mail: MailMessageRow[];
  invitations: { opportunity_id: string; invited_at: string; delivery: string }[];
}

const parse = <T>(json: string, fallback: T): T => {
  try {
    return (JSON.parse(json) as T) ?? fallback;
  } catch {
    return fallback;
  }
};

/**
 * The participant's data as one JSON document (docs/participant-data.md, "What an export holds"):
 * every stored value about them, in the words of the API where one exists. Secrets are never in
 * it (the token's and password's hashes, session cookies): only whether a password is set.
 * Uploaded files are listed by their metadata; their content is downloaded one by one.
 */
export function exportDocument(held: HeldData, now: Date): ParticipantExport {
  const { participant } = held;
  const uploads: ParticipantExport['uploads'] = [];
  const submissions = held.submissions.map(({ submission, opportunityTitle, tasks }) => ({
    id: submission.id,
    opportunity_id: submission.opportunity_id,
    opportunity_title: opportunityTitle,
    status: submission.status,
    screening_outcome: submission.screening_outcome,
    screening_answers: parse<ScreeningAnswer[]>(submission.screening_answers, []),
    started_at: submission.started_at,
    submitted_at: submission.submitted_at,
    decided_at: submission.decided_at,
    rejection_category: submission.rejection_category,
    rejection_reason: submission.rejection_reason,
    abandoned_reason: submission.abandoned_reason,
    return_request_reason: submission.return_request_reason,
    paid_cents: submission.paid_cents,
    quality_flags: parse<string[]>(submission.quality_flags, []),
    network_fingerprint_held: submission.network_fingerprint !== null,
    tasks: tasks.map((task) => {
      const files = parse<StoredFile[]>(task.files, []).map((file) => ({
        id: file.id,
        name: file.name,
        mime_type: file.mime_type,
        size_bytes: file.size_bytes,
      }));
      for (const file of files) {
        uploads.push({ submission_id: submission.id, sequence: task.sequence, ...file });
      }
      return {
        sequence: task.sequence,
        status: task.status,
        notes: task.notes,
        files,
        submitted_at: task.submitted_at,
        reviewed_at: task.reviewed_at,
      };
    }),
    created_at: submission.created_at,
    updated_at: submission.updated_at,
  }));
  return {
    exported_at: now.toISOString(),
    participant: held.profile,
    account: {
      status: participant.status,
      email_verified_at: participant.email_verified_at,
      new_studies: participant.new_studies,
      mail_undeliverable_at: participant.mail_undeliverable_at,
      password_set: participant.password_hash !== null,
      test: participant.is_test === 1,
      sessions: held.sessions,
      group_count: held.groupCount,
    },
    submissions,
    time_entries: held.timeEntries.map((entry) => ({
      id: entry.id,
      submission_id: entry.submission_id,
      opportunity_id: entry.opportunity_id,
      started_at: entry.started_at,
      ended_at: entry.ended_at,
      seconds: entry.seconds,
      created_at: entry.created_at,
    })),
    messages: held.messages.map((message) => ({
      id: message.id,
      submission_id: message.submission_id,
      opportunity_id: message.opportunity_id,
      sender: message.sender,
      body: message.body,
      created_at: message.created_at,
    })),
    payments: held.ledger.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      amount_cents: entry.participant_amount_cents,
      opportunity_id: entry.opportunity_id,
      submission_id: entry.submission_id,
      created_at: entry.created_at,
    })),
    uploads,
    mail: held.mail.map((mail) => ({
      id: mail.id,
      kind: mail.kind,
      subject: mail.subject,
      status: mail.status,
      created_at: mail.created_at,
    })),
    invitations: held.invitations.map((invitation) => ({
      opportunity_id: invitation.opportunity_id,
      invited_at: invitation.invited_at,
      delivery: invitation.delivery,
    })),
  };
}
