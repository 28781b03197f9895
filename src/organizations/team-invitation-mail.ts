/** The words of a team invitation: who invites, to what, as which role, and the one link. */
export function teamInvitationMail(input: {
  to: string;
  organizationName: string;
  invitedBy: string;
  role: string;
  url: string;
  publicUrl: string;
}) {
  const host = new URL(input.publicUrl).host;
  return {
    to: input.to,
    subject: `Join ${input.organizationName} on ${host}`,
    text: [
      `${input.invitedBy} invites you to ${input.organizationName}'s research studies on ${host}, as ${input.role === 'owner' ? 'an owner' : `a ${input.role}`}.`,
      '',
      'Open this link to sign in (it works once, for 7 days):',
      '',
      input.url,
      '',
      'Then set a password under Settings, Your account, to sign in again later.',
    ].join('\n'),
  };
}
