import { describe, expect, it } from 'vitest';
import { digestMail, invitationMail } from './invitation-mail.ts';

const invitee = {
  name: 'Mira',
  email: 'mira@example.org',
  language: 'de' as const,
  unsubscribeUrl: 'https://cohort.example/unsubscribe/par_1.abc',
};
const study = { id: 'opp_1', title: 'Wochenplanung', incentiveCents: 1250, minutes: 30 };

describe('invitation mails', () => {
  it('show the title, reward, minutes and reward per hour in the reader’s language, with the link', () => {
    const mail = invitationMail({ invitee, study, publicUrl: 'https://cohort.example' });
    expect(mail.subject).toBe('Eine Studie für Sie: Wochenplanung');
    expect(mail.text).toContain('12,50\u00a0$ für etwa 30 Minuten (25,00\u00a0$ pro Stunde)');
    expect(mail.text).toContain('https://cohort.example/participate/studies/opp_1');
    expect(mail.language).toBe('de');
  });

  it('carry the one-click unsubscribe headers of RFC 8058', () => {
    const mail = invitationMail({ invitee, study, publicUrl: 'https://cohort.example' });
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://cohort.example/unsubscribe/par_1.abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.text).toContain(invitee.unsubscribeUrl);
  });

  it('list a day’s studies in one digest, counted by the language’s plural rules', () => {
    const other = { id: 'opp_2', title: 'Einkaufen', incentiveCents: 500, minutes: 1 };
    const mail = digestMail({
      invitee: { ...invitee, language: 'fr' },
      studies: [study, other],
      publicUrl: 'https://cohort.example',
    });
    expect(mail.subject).toBe('2 nouvelles études pour vous aujourd’hui');
    expect(mail.text).toContain('Wochenplanung');
    expect(mail.text).toContain('environ 1 minute');
    expect(mail.kind).toBe('study_digest');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});
