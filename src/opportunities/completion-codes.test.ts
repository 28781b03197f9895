import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assignCompletionCodes,
  COMPLETION_CODE_ALPHABET,
  completionUrl,
  isCompletionCode,
  normalizeCompletionCode,
  randomCompletionCode,
} from './completion-codes.ts';

const CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/;

/** Task lists as create stores them: distinct sequences, in any order. */
const taskLists = fc
  .uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 12 })
  .map((sequences) => sequences.map((sequence) => ({ sequence, title: `Task ${sequence}` })));

const codesOf = (tasks: readonly { completion_code: string }[]) =>
  tasks.map((task) => task.completion_code);

describe('completion codes', () => {
  it('leave out the look-alikes 0, O, 1, I and L', () => {
    expect(COMPLETION_CODE_ALPHABET).toHaveLength(31);
    for (const lookAlike of '0O1IL') expect(COMPLETION_CODE_ALPHABET).not.toContain(lookAlike);
    expect(new Set(COMPLETION_CODE_ALPHABET).size).toBe(COMPLETION_CODE_ALPHABET.length);
  });

  it('are drawn from that alphabet, 8 characters long', () => {
    const drawn = Array.from({ length: 500 }, randomCompletionCode);
    for (const code of drawn) {
      expect(code).toMatch(CODE);
      expect(isCompletionCode(code)).toBe(true);
    }
    // 500 draws from 31^8 codes: a repeat would mean the generator is broken, not unlucky.
    expect(new Set(drawn).size).toBe(drawn.length);
  });

  it('read what a participant types or a survey tool sends, blanks and case aside', () => {
    expect(normalizeCompletionCode('  k7m3qxpa \n')).toBe('K7M3QXPA');
    expect(isCompletionCode('K7M3QXPA')).toBe(true);
    for (const wrong of ['K7M3QXP', 'K7M3QXPAA', 'K7M3QXP0', 'k7m3qxpa', '']) {
      expect(isCompletionCode(wrong)).toBe(false);
    }
  });

  it('make the completion URL of the participant-facing page', () => {
    expect(completionUrl('https://cohort.example.com', 'K7M3QXPA')).toBe(
      'https://cohort.example.com/participate/complete?code=K7M3QXPA',
    );
  });
});

describe('assignCompletionCodes', () => {
  it('gives every task a code from the alphabet, unique within the opportunity', () => {
    fc.assert(
      fc.property(taskLists, (tasks) => {
        const coded = assignCompletionCodes(tasks);
        expect(coded.map(({ completion_code: _, ...task }) => task)).toEqual(tasks);
        for (const code of codesOf(coded)) expect(code).toMatch(CODE);
        expect(new Set(codesOf(coded)).size).toBe(tasks.length);
      }),
    );
  });

  it('keeps the code of every sequence that existed before, and gives new sequences new codes', () => {
    fc.assert(
      fc.property(taskLists, taskLists, (first, second) => {
        const before = assignCompletionCodes(first);
        const after = assignCompletionCodes(second, { previous: before });
        const old = new Map(before.map((task) => [task.sequence, task.completion_code]));
        for (const task of after) {
          const kept = old.get(task.sequence);
          if (kept !== undefined) expect(task.completion_code).toBe(kept);
          else expect(task.completion_code).toMatch(CODE);
        }
        expect(new Set(codesOf(after)).size).toBe(after.length);
      }),
    );
  });

  it('draws again when a new code is already taken, by a kept code or a new one', () => {
    const draws = ['AAAAAAAA', 'BBBBBBBB', 'AAAAAAAA', 'BBBBBBBB', 'CCCCCCCC'];
    const coded = assignCompletionCodes([{ sequence: 1 }, { sequence: 2 }, { sequence: 3 }], {
      previous: [{ sequence: 3, completion_code: 'AAAAAAAA' }],
      newCode: () => draws.shift()!,
    });
    expect(codesOf(coded)).toEqual(['BBBBBBBB', 'CCCCCCCC', 'AAAAAAAA']);
  });

  it('gives a fresh code to a sequence whose old code another task already kept', () => {
    const coded = assignCompletionCodes([{ sequence: 1 }, { sequence: 2 }], {
      previous: [
        { sequence: 1, completion_code: 'AAAAAAAA' },
        { sequence: 2, completion_code: 'AAAAAAAA' },
      ],
      newCode: () => 'CCCCCCCC',
    });
    expect(codesOf(coded)).toEqual(['AAAAAAAA', 'CCCCCCCC']);
  });
});
