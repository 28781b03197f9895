/**
 * The words of the account emails. Plain text: every mail client shows it, and a link in it is
 * the whole message. The service is named by its PUBLIC_URL's host, which is what the reader can
 * check in the link itself.
 */

export interface AccountMail {
  to: string;
  subject: string;
  text: string;
}

const serviceName = (publicUrl: string) => new URL(publicUrl).host;

export function verificationMail(input: {
  to: string;
  name: string;
  publicUrl: string;
  token: string;
  validDays: number;
}): AccountMail {
  const link = `${input.publicUrl}/participate/verify/${input.token}`;
  return {
    to: input.to,
    subject: `Confirm your email for ${serviceName(input.publicUrl)}`,
    text: [
      `Hello ${input.name},`,
      '',
      `Open this link to confirm your email address and start applying to studies on ${serviceName(input.publicUrl)}:`,
      '',
      link,
      '',
      `The link works once, for ${input.validDays} days. If you did not sign up, ignore this email.`,
    ].join('\n'),
  };
}

export function passwordResetMail(input: {
  to: string;
  name: string;
  publicUrl: string;
  token: string;
  validMinutes: number;
}): AccountMail {
  const link = `${input.publicUrl}/participate/reset/${input.token}`;
  return {
    to: input.to,
    subject: `Set your password for ${serviceName(input.publicUrl)}`,
    text: [
      `Hello ${input.name},`,
      '',
      'Someone (we hope you) asked to set a new password for your participant account. Open this link to choose one:',
      '',
      link,
      '',
      `The link works once, for ${input.validMinutes} minutes. If you did not ask, ignore this email: your password stays as it is.`,
    ].join('\n'),
  };
}
