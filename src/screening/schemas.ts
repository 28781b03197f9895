import { type Static, Type } from 'typebox';

/**
 * The screener's shapes (docs/screening.md, "The screener as stored"), and the blocks a launched
 * opportunity and a submission read with them. Input
 * shapes are what create and PATCH accept; read shapes are what `normalizeScreener` returns and
 * GET shows, which create also accepts, so a client can send back what it read.
 */

const closed = { additionalProperties: false } as const;

export const QualifyLogic = Type.Union([
  Type.Literal('may'),
  Type.Literal('must'),
  Type.Literal('must_one_of'),
  Type.Literal('reject'),
  Type.Literal('review'),
]);
export type QualifyLogic = Static<typeof QualifyLogic>;

export const Pick = Type.Union([
  Type.Literal('one'),
  Type.Literal('any'),
  Type.Literal('boolean'),
  Type.Literal('text'),
  Type.Literal('grid'),
]);
export type Pick = Static<typeof Pick>;

export const Join = Type.Union([Type.Literal('and'), Type.Literal('or')]);
export type Join = Static<typeof Join>;

export const QuotaType = Type.Union([
  Type.Literal('exact'),
  Type.Literal('minimum'),
  Type.Literal('maximum'),
]);
export type QuotaType = Static<typeof QuotaType>;

export const Condition = Type.Object(
  {
    screening_question: Type.String({ minLength: 1, description: 'A question key' }),
    answer: Type.String({
      description: 'An answer text; `Row: Column` for a grid source; Yes or No for boolean',
    }),
    operator: Type.Union([Type.Literal('eq'), Type.Literal('ne')], {
      description: 'eq: answered that value; ne: did not',
    }),
  },
  closed,
);
export type Condition = Static<typeof Condition>;

export const DisplayCondition = Type.Object(
  { conditions: Type.Array(Condition), join: Join },
  closed,
);
export type DisplayCondition = Static<typeof DisplayCondition>;

export const ConditionalRule = Type.Object(
  {
    conditions: Type.Array(Condition),
    join: Join,
    outcome: Type.Union([Type.Literal('reject'), Type.Literal('review')]),
  },
  closed,
);
export type ConditionalRule = Static<typeof ConditionalRule>;

export const SkipRule = Type.Object(
  {
    conditions: Type.Array(Condition),
    join: Join,
    target_question: Type.Union([Type.String({ minLength: 1 }), Type.Null()], {
      description: 'A LATER question key; null ends the screener',
    }),
  },
  closed,
);
export type SkipRule = Static<typeof SkipRule>;

export const AnswerItemInput = Type.Object(
  {
    text: Type.String(),
    qualify_logic: Type.Optional(QualifyLogic),
    allow_free_text: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type AnswerItemInput = Static<typeof AnswerItemInput>;

export const AnswerItem = Type.Object(
  {
    text: Type.String(),
    qualify_logic: QualifyLogic,
    allow_free_text: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type AnswerItem = Static<typeof AnswerItem>;

export const GridRow = Type.Object({ key: Type.String(), text: Type.String() }, closed);
export const GridColumn = Type.Object({ value: Type.String(), text: Type.String() }, closed);
export const CellAction = Type.Object(
  { row: Type.String(), column: Type.String(), qualify_logic: QualifyLogic },
  closed,
);
export type CellAction = Static<typeof CellAction>;

export const Grid = Type.Object(
  {
    pick: Type.Union([Type.Literal('one'), Type.Literal('any')]),
    rows: Type.Array(GridRow),
    columns: Type.Array(GridColumn),
    cell_actions: Type.Optional(Type.Array(CellAction)),
  },
  closed,
);
export type Grid = Static<typeof Grid>;

const questionFields = {
  text: Type.String(),
  question_rich_text: Type.Optional(
    Type.String({ description: 'Markdown; text stays the source' }),
  ),
  pick: Pick,
  grid: Type.Optional(Grid),
  min_qualifying: Type.Optional(Type.Integer()),
  display_condition: Type.Optional(DisplayCondition),
  conditional_rules: Type.Optional(Type.Array(ConditionalRule)),
  skip_rules: Type.Optional(Type.Array(SkipRule)),
  allow_paste: Type.Optional(Type.Boolean()),
};

export const ScreeningQuestionInput = Type.Object(
  {
    key: Type.Optional(Type.String({ minLength: 1, description: 'Assigned when omitted' })),
    ...questionFields,
    answers: Type.Optional(Type.Array(AnswerItemInput)),
  },
  closed,
);
export type ScreeningQuestionInput = Static<typeof ScreeningQuestionInput>;

/** The read form: key assigned, every answer's qualify_logic explicit. */
export const ScreeningQuestion = Type.Object(
  {
    key: Type.String({ minLength: 1 }),
    ...questionFields,
    answers: Type.Array(AnswerItem),
  },
  closed,
);
export type ScreeningQuestion = Static<typeof ScreeningQuestion>;

export const QuotaTargetInput = Type.Object(
  {
    value: Type.String({ description: 'An answer text of the quota question' }),
    count: Type.Integer(),
    type: Type.Optional(QuotaType),
  },
  closed,
);

export const QuotaInput = Type.Object(
  { screening_question: Type.String(), targets: Type.Array(QuotaTargetInput) },
  closed,
);
export type QuotaInput = Static<typeof QuotaInput>;

export const QuotaTarget = Type.Object(
  { value: Type.String(), count: Type.Integer(), type: QuotaType },
  closed,
);
export type QuotaTarget = Static<typeof QuotaTarget>;

export const Quota = Type.Object(
  { screening_question: Type.String(), targets: Type.Array(QuotaTarget) },
  closed,
);
export type Quota = Static<typeof Quota>;

export const CrossQuotaInput = Type.Object(
  {
    label: Type.String(),
    conditions: Type.Array(Condition),
    join: Join,
    target: Type.Integer(),
    quota_type: QuotaType,
    dimension: Type.Optional(
      Type.String({ description: 'Cells sharing a dimension are summed as one cross-tab' }),
    ),
  },
  closed,
);
export type CrossQuotaInput = Static<typeof CrossQuotaInput>;
/** Cross quotas read back exactly as sent once valid. */
export const CrossQuota = CrossQuotaInput;
export type CrossQuota = CrossQuotaInput;

export const ScreeningOutcome = Type.Union([
  Type.Literal('qualify'),
  Type.Literal('reject'),
  Type.Literal('not_important'),
  Type.Literal('review'),
  Type.Null(),
]);
export type ScreeningOutcome = Static<typeof ScreeningOutcome>;

export const ScreeningAnswer = Type.Object(
  {
    key: Type.Optional(Type.String()),
    question: Type.String({ description: 'The question text' }),
    answer: Type.Array(Type.String()),
    outcome: ScreeningOutcome,
    free_text: Type.Optional(
      Type.String({ description: 'What the applicant wrote in an allow_free_text answer' }),
    ),
  },
  closed,
);
export type ScreeningAnswer = Static<typeof ScreeningAnswer>;

export const OverallScreeningOutcome = Type.Union([
  Type.Literal('passed'),
  Type.Literal('failed'),
  Type.Literal('review'),
]);
export type OverallScreeningOutcome = Static<typeof OverallScreeningOutcome>;

/** One answer in a participant's application (docs/screening.md, "Grading an application"). */
export const ApplicationAnswerInput = Type.Object(
  {
    key: Type.String(),
    answer: Type.Array(Type.String()),
    free_text: Type.Optional(Type.String()),
  },
  closed,
);
export type ApplicationAnswerInput = Static<typeof ApplicationAnswerInput>;

/** The screener as a participant sees it: no grading information. */
export const ParticipantScreeningQuestion = Type.Object(
  {
    key: Type.String(),
    text: Type.String(),
    question_rich_text: Type.Optional(Type.String()),
    pick: Pick,
    answers: Type.Array(
      Type.Object({ text: Type.String(), allow_free_text: Type.Optional(Type.Boolean()) }, closed),
    ),
    grid: Type.Optional(
      Type.Object(
        {
          pick: Type.Union([Type.Literal('one'), Type.Literal('any')]),
          rows: Type.Array(GridRow),
          columns: Type.Array(GridColumn),
        },
        closed,
      ),
    ),
    display_condition: Type.Optional(DisplayCondition),
    skip_rules: Type.Optional(Type.Array(SkipRule)),
    allow_paste: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type ParticipantScreeningQuestion = Static<typeof ParticipantScreeningQuestion>;

export const QuotaProgress = Type.Object({
  screening_question: Type.String(),
  targets: Type.Array(
    Type.Object({
      value: Type.String(),
      count: Type.Integer(),
      current: Type.Integer(),
      type: QuotaType,
    }),
  ),
});
export type QuotaProgress = Static<typeof QuotaProgress>;

export const CrossQuotaProgress = Type.Object({
  ...CrossQuotaInput.properties,
  current: Type.Integer(),
});
export type CrossQuotaProgress = Static<typeof CrossQuotaProgress>;

export const ScreeningStat = Type.Object({
  screening_question: Type.String(),
  graded: Type.Integer(),
  rejected: Type.Integer(),
  rejection_rate: Type.Number(),
  answers: Type.Array(
    Type.Object({ text: Type.String(), selected: Type.Integer(), share: Type.Number() }),
  ),
});
export type ScreeningStat = Static<typeof ScreeningStat>;
