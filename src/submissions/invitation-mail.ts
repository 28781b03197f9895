/**
 * The words of the invitation an applicant receives when a researcher takes them on (a study with
 * manual applicant review). Plain text, with the one link that matters.
 */
export function invitationMail(input: {
  to: string;
  name: string;
  studyTitle: string;
  publicUrl: string;
  submissionId: string;
}) {
  const host = new URL(input.publicUrl).host;
  return {
    to: input.to,
    subject: `You are invited: ${input.studyTitle}`,
    text: [
      `Hello ${input.name},`,
      '',
      `The researcher of “${input.studyTitle}” has chosen you, and a place is held for you. Start when you are ready:`,
      '',
      `${input.publicUrl}/participate/submissions/${input.submissionId}`,
      '',
      `You receive this because you applied to this study on ${host}.`,
    ].join('\n'),
  };
}
