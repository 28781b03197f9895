import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunked, MAX_MESSAGE_LENGTH, messageBodyIssues, messageMail, uniqueIds } from './rules.ts';

const mailInput = {
  to: 'ana@example.org',
  name: 'Ana',
  body: 'Hola',
  publicUrl: 'https://cohort.example',
  submissionId: 'sub_1',
};

describe('message bodies', () => {
  it('takes plain text up to the limit, refusing blank and longer bodies', () => {
    expect(messageBodyIssues('Thanks!')).toEqual([]);
    expect(messageBodyIssues('x'.repeat(MAX_MESSAGE_LENGTH))).toEqual([]);
    expect(messageBodyIssues('x'.repeat(MAX_MESSAGE_LENGTH + 1))).toHaveLength(1);
    expect(messageBodyIssues('  \n ')).toEqual([{ message: 'body: must not be blank' }]);
    expect(messageBodyIssues(42)).toEqual([{ message: 'body: must be text' }]);
  });

  it('mails the body as written, as text only, with the participant app link', () => {
    const body = 'See <a href="https://evil.example">this</a> and https://example.org/x';
    const mail = messageMail({
      to: 'ana@example.org',
      name: 'Ana',
      studyTitle: 'Checkout study',
      body,
      publicUrl: 'https://cohort.example',
      submissionId: 'sub_1',
      language: 'en',
    });
    expect(mail.text).toContain(body);
    expect(mail.text).toContain('https://cohort.example/participate/submissions/sub_1');
    expect(mail).not.toHaveProperty('html');
  });

  it('writes in the participant’s language, the body and link untouched, a braced body too', () => {
    const body = 'Danke! {name} und # bleiben, wie sie sind.';
    const mail = messageMail({
      to: 'ana@example.org',
      name: 'Ana',
      studyTitle: 'Einkaufsstudie',
      body,
      publicUrl: 'https://cohort.example',
      submissionId: 'sub_1',
      language: 'de',
    });
    expect(mail.language).toBe('de');
    expect(mail.subject).toBe('Neue Nachricht zu „Einkaufsstudie“');
    expect(mail.text).toContain('Hallo Ana,');
    expect(mail.text).toContain(body);
    expect(mail.text).toContain('https://cohort.example/participate/submissions/sub_1');
    const gone = messageMail({ ...mailInput, studyTitle: undefined, language: 'es' });
    expect(gone.subject).toBe('Nuevo mensaje sobre «tu estudio»');
  });

  it('splits recipients into parts that keep every id once, in order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { maxLength: 40 }),
        fc.integer({ min: 1, max: 7 }),
        (ids, size) => {
          const unique = uniqueIds(ids);
          expect(new Set(unique).size).toBe(unique.length);
          const parts = chunked(unique, size);
          expect(parts.flat()).toEqual(unique);
          expect(parts.every((part) => part.length >= 1 && part.length <= size)).toBe(true);
        },
      ),
    );
  });
});
