import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gradeApplication } from './grade.ts';
import { normalizeScreener } from './normalize.ts';
import { answerOptions } from './options.ts';
import { participantScreenerView } from './participant-view.ts';
import type {
  ApplicationAnswerInput,
  Condition,
  ParticipantScreeningQuestion,
  QualifyLogic,
  ScreeningQuestion,
  ScreeningQuestionInput,
} from './schemas.ts';

const LOGICS: QualifyLogic[] = ['may', 'must', 'must_one_of', 'reject', 'review'];

const questionSpec = fc.record({
  pick: fc.constantFrom('one', 'any', 'boolean', 'text', 'grid'),
  gridPick: fc.constantFrom('one', 'any'),
  answers: fc.integer({ min: 2, max: 4 }),
  rows: fc.integer({ min: 1, max: 2 }),
  columns: fc.integer({ min: 2, max: 3 }),
  logics: fc.array(fc.constantFrom(...LOGICS), { minLength: 12, maxLength: 12 }),
  freeText: fc.boolean(),
  minQualifying: fc.option(fc.nat()),
  display: fc.option(
    fc.record({
      sources: fc.array(fc.record({ question: fc.nat(), value: fc.nat(), eq: fc.boolean() }), {
        minLength: 1,
        maxLength: 2,
      }),
      and: fc.boolean(),
    }),
  ),
  skip: fc.option(
    fc.record({ value: fc.nat(), eq: fc.boolean(), target: fc.nat(), end: fc.boolean() }),
  ),
  rule: fc.option(fc.record({ value: fc.nat(), eq: fc.boolean(), reject: fc.boolean() })),
});
type QuestionSpec = typeof questionSpec extends fc.Arbitrary<infer T> ? T : never;

/** Builds a valid screener from random specs: every reference lands on a real answer. */
function buildScreener(specs: QuestionSpec[]): ScreeningQuestion[] {
  const built: ScreeningQuestion[] = [];
  const inputs: ScreeningQuestionInput[] = [];
  for (const [index, spec] of specs.entries()) {
    const key = `k${index}`;
    const logic = (i: number) => spec.logics[i % spec.logics.length]!;
    let input: ScreeningQuestionInput;
    if (spec.pick === 'text') {
      input = { key, text: `Q${index}`, pick: 'text' };
    } else if (spec.pick === 'grid') {
      const cells = [];
      for (let r = 0; r < spec.rows; r++) {
        for (let c = 0; c < spec.columns; c++) {
          // Column 0 never rejects so a pick-one row always has a way through.
          const l = c === 0 && logic(r * 3 + c) === 'reject' ? 'may' : logic(r * 3 + c);
          cells.push({ row: `r${r}`, column: `c${c}`, qualify_logic: l });
        }
      }
      input = {
        key,
        text: `Q${index}`,
        pick: 'grid',
        grid: {
          pick: spec.gridPick,
          rows: Array.from({ length: spec.rows }, (_, r) => ({ key: `r${r}`, text: `Row${r}` })),
          columns: Array.from({ length: spec.columns }, (_, c) => ({
            value: `c${c}`,
            text: `Col${c}`,
          })),
          cell_actions: cells,
        },
      };
    } else {
      const count = spec.pick === 'boolean' ? 2 : spec.answers;
      const answers = Array.from({ length: count }, (_, i) => ({
        text: spec.pick === 'boolean' ? (i === 0 ? 'Yes' : 'No') : `A${index}_${i}`,
        qualify_logic: i === 0 && logic(i) === 'reject' ? ('may' as const) : logic(i),
        ...(spec.pick !== 'boolean' &&
          spec.freeText &&
          i === count - 1 && { allow_free_text: true }),
      }));
      input = { key, text: `Q${index}`, pick: spec.pick, answers };
    }
    const values = answerOptions(normalizeOne(input)).map((o) => o.value);
    const qualifying = answerOptions(normalizeOne(input)).filter((o) =>
      ['may', 'must', 'must_one_of'].includes(o.logic),
    ).length;
    const multi = spec.pick === 'any' || (spec.pick === 'grid' && spec.gridPick === 'any');
    if (multi && spec.minQualifying !== null && qualifying > 0) {
      input.min_qualifying = 1 + (spec.minQualifying % qualifying);
    }
    const earlier = built.filter((q) => q.pick !== 'text');
    if (spec.display !== null && earlier.length > 0) {
      input.display_condition = {
        join: spec.display.and ? 'and' : 'or',
        conditions: spec.display.sources.map((source) => {
          const q = earlier[source.question % earlier.length]!;
          const options = answerOptions(q);
          return condition(q.key, options[source.value % options.length]!.value, source.eq);
        }),
      };
    }
    if (values.length > 0 && spec.skip !== null) {
      const later = specs.length - index - 1;
      input.skip_rules = [
        {
          join: 'and',
          conditions: [condition(key, values[spec.skip.value % values.length]!, spec.skip.eq)],
          target_question:
            spec.skip.end || later === 0 ? null : `k${index + 1 + (spec.skip.target % later)}`,
        },
      ];
    }
    if (values.length > 0 && spec.rule !== null) {
      input.conditional_rules = [
        {
          join: 'or',
          conditions: [condition(key, values[spec.rule.value % values.length]!, spec.rule.eq)],
          outcome: spec.rule.reject ? 'reject' : 'review',
        },
      ];
    }
    inputs.push(input);
    built.push(normalizeOne(input, built));
  }
  const { value, issues } = normalizeScreener({ questions: inputs });
  expect(issues).toEqual([]);
  return value.questions;
}

function normalizeOne(input: ScreeningQuestionInput, before: ScreeningQuestion[] = []) {
  return normalizeScreener({ questions: [...before, input] }).value.questions.at(-1)!;
}

function condition(question: string, answer: string, eq: boolean): Condition {
  return { screening_question: question, answer, operator: eq ? 'eq' : 'ne' };
}

/**
 * A participant walking the screener with only what the participant view shows, choosing from
 * random picks: this is what a client does, so the engine must accept every such application.
 */
function walk(view: ParticipantScreeningQuestion[], picks: number[]) {
  const chosen = new Map<string, string[]>();
  const holds = (conditions: Condition[], join: 'and' | 'or') => {
    const results = conditions.map((c) => {
      const answered = chosen.get(c.screening_question)?.includes(c.answer) ?? false;
      return c.operator === 'eq' ? answered : !answered;
    });
    return join === 'and' ? results.every(Boolean) : results.some(Boolean);
  };
  const shown = new Set<string>();
  const answers: ApplicationAnswerInput[] = [];
  let resumeAt = 0;
  for (const [index, question] of view.entries()) {
    if (index < resumeAt) continue;
    const display = question.display_condition;
    if (display && !holds(display.conditions, display.join)) continue;
    shown.add(question.key);
    const seed = picks[index % picks.length] ?? 0;
    const answer = choose(question, seed);
    chosen.set(question.key, answer);
    const entry: ApplicationAnswerInput = { key: question.key, answer };
    const freeTextAnswer = question.answers.find(
      (a) => a.allow_free_text && answer.includes(a.text),
    );
    if (freeTextAnswer && seed % 2 === 0) entry.free_text = 'written in';
    answers.push(entry);
    const skip = question.skip_rules?.find((rule) => holds(rule.conditions, rule.join));
    if (skip) {
      resumeAt =
        skip.target_question === null
          ? Number.POSITIVE_INFINITY
          : view.findIndex((q) => q.key === skip.target_question);
    }
  }
  return { answers, shown };
}

function choose(question: ParticipantScreeningQuestion, seed: number): string[] {
  if (question.pick === 'text') return [`typed ${seed}`];
  if (question.pick === 'grid' && question.grid) {
    const cells = question.grid.rows.flatMap((row, r) =>
      question.grid!.columns.flatMap((column, c) => {
        const cell = `${row.text}: ${column.text}`;
        if (question.grid!.pick === 'one') {
          return (seed >> r) % question.grid!.columns.length === c ? [cell] : [];
        }
        return (seed >> (r * 3 + c)) & 1 ? [cell] : [];
      }),
    );
    return cells.length > 0
      ? cells
      : [`${question.grid.rows[0]!.text}: ${question.grid.columns[0]!.text}`];
  }
  const texts = question.answers.map((a) => a.text);
  if (question.pick !== 'any') return [texts[seed % texts.length]!];
  const subset = texts.filter((_, i) => (seed >> i) & 1);
  return subset.length > 0 ? subset : [texts[seed % texts.length]!];
}

const screenerAndPicks = fc.array(questionSpec, { minLength: 1, maxLength: 6 }).chain((specs) =>
  fc.record({
    specs: fc.constant(specs),
    picks: fc.array(fc.nat({ max: 1023 }), { minLength: specs.length, maxLength: specs.length }),
  }),
);

describe('screening properties', () => {
  it('accepts every application a client builds from the participant view alone', () => {
    fc.assert(
      fc.property(screenerAndPicks, ({ specs, picks }) => {
        const questions = buildScreener(specs);
        const { answers } = walk(participantScreenerView(questions), picks);
        const result = gradeApplication(questions, answers);
        expect(result.ok ? [] : result.issues).toEqual([]);
      }),
    );
  });

  it('never passes an applicant who chose a reject answer on a shown question', () => {
    fc.assert(
      fc.property(screenerAndPicks, ({ specs, picks }) => {
        const questions = buildScreener(specs);
        const { answers } = walk(participantScreenerView(questions), picks);
        const result = gradeApplication(questions, answers);
        if (!result.ok) return;
        const choseReject = answers.some((entry) => {
          const question = questions.find((q) => q.key === entry.key)!;
          return answerOptions(question).some(
            (o) => o.logic === 'reject' && entry.answer.includes(o.value),
          );
        });
        if (choseReject) expect(result.outcome).not.toBe('passed');
      }),
    );
  });

  it('never grades a hidden or skipped question, and refuses an answer to one', () => {
    fc.assert(
      fc.property(screenerAndPicks, ({ specs, picks }) => {
        const questions = buildScreener(specs);
        const { answers, shown } = walk(participantScreenerView(questions), picks);
        const result = gradeApplication(questions, answers);
        if (!result.ok) throw new Error('walked application refused');
        expect(result.answers.map((a) => a.key)).toEqual(questions.map((q) => q.key));
        for (const graded of result.answers) {
          if (shown.has(graded.key!)) expect(graded.outcome).not.toBeNull();
          else expect(graded).toMatchObject({ answer: [], outcome: null });
        }
        const unseen = questions.find((q) => !shown.has(q.key));
        if (unseen) {
          const extra = {
            key: unseen.key,
            answer: choose(participantScreenerView([unseen])[0]!, 0),
          };
          expect(gradeApplication(questions, [...answers, extra]).ok).toBe(false);
        }
      }),
    );
  });

  it('grades deterministically, whatever order the answers arrive in', () => {
    fc.assert(
      fc.property(screenerAndPicks, ({ specs, picks }) => {
        const questions = buildScreener(specs);
        const { answers } = walk(participantScreenerView(questions), picks);
        const first = gradeApplication(questions, answers);
        expect(gradeApplication(questions, answers)).toEqual(first);
        expect(gradeApplication(questions, [...answers].reverse())).toEqual(first);
      }),
    );
  });

  it('normalizes what reads back to itself, so a client can PATCH what it read', () => {
    fc.assert(
      fc.property(screenerAndPicks, ({ specs }) => {
        const questions = buildScreener(specs);
        expect(normalizeScreener({ questions })).toEqual({
          value: { questions, quotas: [], crossQuotas: [] },
          issues: [],
        });
      }),
    );
  });

  it('never shows grading information in the participant view, shuffled or not', () => {
    fc.assert(
      fc.property(screenerAndPicks, fc.option(fc.string()), ({ specs }, seed) => {
        const questions = buildScreener(specs);
        const view = participantScreenerView(
          questions,
          seed === null ? {} : { randomizeSeed: seed },
        );
        const json = JSON.stringify(view);
        for (const hidden of [
          'qualify_logic',
          'cell_actions',
          'conditional_rules',
          'min_qualifying',
        ]) {
          expect(json).not.toContain(hidden);
        }
        for (const logic of ['"may"', '"must"', '"must_one_of"', '"reject"', '"review"']) {
          expect(json).not.toContain(logic);
        }
      }),
    );
  });
});
