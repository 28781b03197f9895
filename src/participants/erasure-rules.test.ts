import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ScreeningAnswer } from '../screening/index.ts';
import {
  choiceQuestionKeys,
  ERASED_NAME,
  erasedEmail,
  erasedProfile,
  eraseFreeText,
  withoutMessageBody,
} from './erasure-rules.ts';

const answer = fc.record(
  {
    key: fc.constantFrom('role', 'bio', 'other', 'gone'),
    question: fc.string(),
    answer: fc.array(fc.string(), { maxLength: 3 }),
    outcome: fc.constantFrom('qualify', 'reject', 'not_important', 'review', null),
    free_text: fc.string(),
  },
  { requiredKeys: ['question', 'answer', 'outcome'] },
) as fc.Arbitrary<ScreeningAnswer>;

describe('eraseFreeText', () => {
  it('keeps chosen options and drops what the person wrote', () => {
    const answers: ScreeningAnswer[] = [
      {
        key: 'role',
        question: 'Role?',
        answer: ['Other'],
        outcome: 'qualify',
        free_text: 'Owl keeper',
      },
      {
        key: 'bio',
        question: 'About you',
        answer: ['I live at 1 Elm St'],
        outcome: 'not_important',
      },
      { question: 'Legacy', answer: ['anything'], outcome: null },
    ];
    expect(eraseFreeText(answers, new Set(['role']))).toEqual([
      { key: 'role', question: 'Role?', answer: ['Other'], outcome: 'qualify' },
      { key: 'bio', question: 'About you', answer: [], outcome: 'not_important' },
      { question: 'Legacy', answer: [], outcome: null },
    ]);
  });

  it('never leaves a free_text, keeps order, outcomes and questions, and is idempotent', () => {
    fc.assert(
      fc.property(fc.array(answer), fc.subarray(['role', 'bio', 'other']), (answers, choices) => {
        const keys = new Set(choices);
        const erased = eraseFreeText(answers, keys);
        expect(erased).toHaveLength(answers.length);
        erased.forEach((after, index) => {
          const before = answers[index]!;
          expect(after.free_text).toBeUndefined();
          expect(after.outcome).toBe(before.outcome);
          expect(after.question).toBe(before.question);
          const isChoice = before.key !== undefined && keys.has(before.key);
          expect(after.answer).toEqual(isChoice ? before.answer : []);
        });
        expect(eraseFreeText(erased, keys)).toEqual(erased);
      }),
    );
  });
});

describe('choiceQuestionKeys', () => {
  it('names the questions answered by options, never text ones', () => {
    const screener = [
      { key: 'role', pick: 'one' },
      { key: 'bio', pick: 'text' },
      { key: 'tools', pick: 'any' },
      { key: 'ok', pick: 'boolean' },
      { pick: 'one' },
      null,
    ];
    expect([...choiceQuestionKeys(screener)]).toEqual(['role', 'tools', 'ok']);
    expect(choiceQuestionKeys('not a list').size).toBe(0);
  });
});

describe('withoutMessageBody', () => {
  it('blanks the body of a message event, in outbox data and in a delivery payload', () => {
    const data = { message_id: 'm', participant_id: 'p', body: 'call me on 555', created_at: 't' };
    expect(JSON.parse(withoutMessageBody(JSON.stringify(data), false, 'p'))).toEqual({
      ...data,
      body: '',
    });
    const payload = { id: 'e', type: 'message.received', created_at: 't', data };
    expect(JSON.parse(withoutMessageBody(JSON.stringify(payload), true, 'p'))).toEqual({
      ...payload,
      data: { ...data, body: '' },
    });
  });

  it('leaves other events and other people as they are, byte for byte', () => {
    const status = JSON.stringify({ submission_id: 's', status: 'approved' });
    expect(withoutMessageBody(status, false, 'p')).toBe(status);
    const nested = JSON.stringify({ id: 'e', data: JSON.parse(status) });
    expect(withoutMessageBody(nested, true, 'p')).toBe(nested);
    const someoneElse = JSON.stringify({ participant_id: 'q', body: 'mine' });
    expect(withoutMessageBody(someoneElse, false, 'p')).toBe(someoneElse);
  });
});

describe('erasedProfile', () => {
  it('holds none of the identity and a placeholder address that reaches no mailbox', () => {
    const row = erasedProfile('par_1', 'hash', new Date('2026-01-01T00:00:00Z'));
    expect(row.name).toBe(ERASED_NAME);
    expect(row.email).toBe(erasedEmail('par_1'));
    expect(row.email.endsWith('.invalid')).toBe(true);
    expect(row.password_hash).toBeNull();
    expect(row.email_canonical).toBeNull();
    expect(row.attributes).toBe('{}');
    expect(row.background).toBe('{}');
    expect(row.birth_date).toBe('');
    expect(row.status).toBe('erased');
  });
});
