import { describe, expect, it } from 'vitest';
import { LOCALES } from '../platform/i18n/locales.ts';
import { passwordProblems } from '../platform/web/password.ts';
import { passwordResetMail, verificationMail } from './account-mail.ts';
import { mailboxTakenMessage } from './canonical-email.ts';
import { accountTexts } from './locales/index.ts';
import { passwordIssues } from './web-accounts.ts';

const mailInput = {
  to: 'ana@example.org',
  name: 'Ana Lima',
  publicUrl: 'https://panel.example',
  token: 'tok123',
};

describe('account mails', () => {
  it('keeps the English word for word', () => {
    expect(verificationMail({ ...mailInput, validDays: 3, language: 'en' })).toEqual({
      to: 'ana@example.org',
      language: 'en',
      subject: 'Confirm your email for panel.example',
      text: [
        'Hello Ana Lima,',
        '',
        'Open this link to confirm your email address and start applying to studies on panel.example:',
        '',
        'https://panel.example/participate/verify/tok123',
        '',
        'The link works once, for 3 days. If you did not sign up, ignore this email.',
      ].join('\n'),
    });
    expect(passwordResetMail({ ...mailInput, validMinutes: 60, language: 'en' }).text).toBe(
      [
        'Hello Ana Lima,',
        '',
        'Someone (we hope you) asked to set a new password for your participant account. Open this link to choose one:',
        '',
        'https://panel.example/participate/reset/tok123',
        '',
        'The link works once, for 60 minutes. If you did not ask, ignore this email: your password stays as it is.',
      ].join('\n'),
    );
  });

  it.each(LOCALES)(
    'writes %s with the link on a line of its own and says its language',
    (language) => {
      const verify = verificationMail({ ...mailInput, validDays: 3, language });
      const reset = passwordResetMail({ ...mailInput, validMinutes: 60, language });
      expect(verify.language).toBe(language);
      expect(reset.language).toBe(language);
      expect(verify.text.split('\n')).toContain('https://panel.example/participate/verify/tok123');
      expect(reset.text.split('\n')).toContain('https://panel.example/participate/reset/tok123');
      expect(verify.text).toContain('Ana Lima');
      expect(verify.subject).toContain('panel.example');
    },
  );
});

describe('account problems', () => {
  it('say in English exactly what the API answered before they had phrases', () => {
    for (const email of ['ana.lima+x@gmail.com', 'ana@outlook.com', 'ana@example.org']) {
      const kind = email.endsWith('gmail.com')
        ? 'dotsAndTags'
        : email.endsWith('outlook.com')
          ? 'tags'
          : 'case';
      expect(accountTexts.phrase('emailTaken', { rule: kind }).english).toBe(
        `${mailboxTakenMessage(email)}; sign in, or reset the password if you forgot it`,
      );
    }
    for (const password of ['short', 'x'.repeat(1025)]) {
      const issues = passwordIssues(password);
      expect(issues.map((issue) => issue.message)).toEqual(passwordProblems(password));
      expect(issues.every((issue) => issue.phrase)).toBe(true);
    }
    expect(passwordIssues('a long enough passphrase')).toEqual([]);
  });
});
