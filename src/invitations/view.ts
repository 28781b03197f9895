/** A listed invitation as the API shows it; a kept mail (no SMTP_URL) counts as sent. */
export function invitationView(row: {
  participant_id: string;
  invited_at: string;
  delivery: 'each' | 'daily';
  mail_status: string | null;
  applied_at: string | null;
}) {
  const mailStatus =
    row.mail_status === 'failed'
      ? 'failed'
      : row.mail_status === 'sent' || row.mail_status === 'kept'
        ? 'sent'
        : 'queued';
  return {
    participant_id: row.participant_id,
    invited_at: row.invited_at,
    delivery: row.delivery,
    mail_status: mailStatus as 'queued' | 'sent' | 'failed',
    applied_at: row.applied_at,
  };
}
