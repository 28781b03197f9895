/**
 * The words of a researcher's request that a participant give their place back
 * (POST /v2/submissions/{id}/request-return). Plain text, with the one link that matters: the
 * submission's page, where the participant returns the place or carries on.
 */
export function returnRequestMail(input: {
  to: string;
  name: string;
  studyTitle: string;
  reason: string;
  publicUrl: string;
  submissionId: string;
}) {
  const host = new URL(input.publicUrl).host;
  return {
    to: input.to,
    subject: `Please return your place: ${input.studyTitle}`,
    text: [
      `Hello ${input.name},`,
      '',
      `The researcher of “${input.studyTitle}” asks you to give your place back. Their reason:`,
      '',
      input.reason,
      '',
      'Returning it costs you nothing and lets someone else take the place. You can return it here:',
      '',
      `${input.publicUrl}/participate/submissions/${input.submissionId}`,
      '',
      `You receive this because you hold a place in this study on ${host}.`,
    ].join('\n'),
  };
}
