import { describe, expect, it } from 'vitest';
import { messageIdOf } from './send.ts';

describe('a mail’s Message-ID', () => {
  it('names the mail at the domain of MAIL_FROM, the same on every send', () => {
    expect(messageIdOf('mail_01abc', 'Cohort <no-reply@cohort.example>')).toBe(
      '<mail_01abc@cohort.example>',
    );
    expect(messageIdOf('mail_01abc', 'no-reply@lab.example.org')).toBe(
      '<mail_01abc@lab.example.org>',
    );
    expect(messageIdOf('mail_1', 'Cohort <no-reply@cohort.example>')).toBe(
      messageIdOf('mail_1', 'Cohort <no-reply@cohort.example>'),
    );
  });
});
