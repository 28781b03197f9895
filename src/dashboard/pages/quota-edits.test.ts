import { describe, expect, it } from 'vitest';
import { screener } from '../../../test/screening/screeners.ts';
import { normalizeScreener } from '../../screening/index.ts';
import { crossQuotasFromForm, quotasFromForm, renameInQuotas } from './quota-edits.ts';

const questions = screener([
  {
    key: 'role',
    text: 'Role?',
    pick: 'one',
    answers: [{ text: 'Designer' }, { text: 'Engineer' }],
  },
  { key: 'notes', text: 'Anything else?', pick: 'text' },
  { key: 'os', text: 'OS?', pick: 'one', answers: [{ text: 'macOS' }, { text: 'Windows' }] },
]);

describe('quota tables', () => {
  it('reads a target per answer, blank meaning none, text questions skipped', () => {
    const quotas = quotasFromForm(questions, {
      'quota.0.0.count': '3',
      'quota.0.0.type': 'exact',
      'quota.0.1.count': '',
      'quota.1.1.count': '2',
      'quota.1.1.type': 'maximum',
    });
    expect(quotas).toEqual([
      { screening_question: 'role', targets: [{ value: 'Designer', count: 3, type: 'exact' }] },
      { screening_question: 'os', targets: [{ value: 'Windows', count: 2, type: 'maximum' }] },
    ]);
    expect(
      normalizeScreener({ questions, quotas, crossQuotas: [], numParticipants: 10 }).issues,
    ).toEqual([]);
  });

  it('reads a cross-tab of two questions, replacing only its own cells', () => {
    const kept = {
      label: 'other',
      conditions: [{ screening_question: 'role', answer: 'Designer', operator: 'eq' as const }],
      join: 'and' as const,
      target: 1,
      quota_type: 'minimum' as const,
    };
    const cells = crossQuotasFromForm([kept], questions[0]!, questions[2]!, {
      cross_type: 'maximum',
      'cross.0.0': '2',
      'cross.1.1': '4',
      'cross.0.1': '',
    });
    expect(cells).toHaveLength(3);
    expect(cells[0]).toEqual(kept);
    expect(cells[1]).toMatchObject({
      label: 'Designer × macOS',
      target: 2,
      quota_type: 'maximum',
      dimension: 'role × os',
    });
    expect(
      normalizeScreener({ questions, quotas: [], crossQuotas: cells, numParticipants: 10 }).issues,
    ).toEqual([]);
  });

  it('gives every target of a question its one kind, unless an answer has its own', () => {
    expect(
      quotasFromForm(questions, {
        'quota.0.type': 'maximum',
        'quota.0.0.count': '2',
        'quota.0.1.count': '3',
        'quota.0.1.type': 'exact',
      }),
    ).toEqual([
      {
        screening_question: 'role',
        targets: [
          { value: 'Designer', count: 2, type: 'maximum' },
          { value: 'Engineer', count: 3, type: 'exact' },
        ],
      },
    ]);
  });

  it('counts a renamed answer under its new name, in quotas and cross quotas alike', () => {
    const [role, , os] = questions;
    const cross = crossQuotasFromForm([], role!, os!, { 'cross.0.1': '1' });
    const quotas = quotasFromForm(questions, { 'quota.0.0.count': '2' });
    const renamed = renameInQuotas(quotas, cross, 'role', [['Designer', 'UX designer']]);
    expect(renamed.quotas[0]!.targets[0]!.value).toBe('UX designer');
    expect(renamed.crossQuotas[0]).toMatchObject({
      label: 'UX designer × Windows',
      conditions: [{ answer: 'UX designer' }, { answer: 'Windows' }],
    });
    const renamedQuestions = questions.map((q) =>
      q.key === 'role'
        ? {
            ...q,
            answers: [{ text: 'UX designer', qualify_logic: 'must' as const }, q.answers[1]!],
          }
        : q,
    );
    expect(
      normalizeScreener({
        questions: renamedQuestions,
        quotas: renamed.quotas,
        crossQuotas: renamed.crossQuotas,
      }).issues,
    ).toEqual([]);
  });
});
