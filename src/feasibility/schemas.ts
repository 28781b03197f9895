import { type Static, Type } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  // Null first: with type coercion on, a null tried against string first would become "".
  Type.Union([Type.Null(), schema]);

/**
 * Contract 4.4 body, camelCase as the contract shows it. The brief's descriptions, counts and
 * durations are required (a price needs them); payRateFrequency defaults to ONE_TIME.
 */
export const CreateFeasibilityRequestBody = Type.Object(
  {
    taskDescription: Type.String({ minLength: 1, maxLength: 20_000 }),
    panelDescription: Type.String({ minLength: 1, maxLength: 20_000 }),
    submissionCount: Type.Integer({ minimum: 1, maximum: 100_000 }),
    timelineHours: Type.Integer({ minimum: 1, maximum: 87_600 }),
    payRateFrequency: Type.Optional(
      Type.Union([Type.Literal('ONE_TIME'), Type.Literal('HOURLY'), Type.Literal('PER_TASK')], {
        description: 'ONE_TIME (default) is priced automatically; others by an operator',
      }),
    ),
    loiMinutes: Type.Integer({ minimum: 1, maximum: 1_440, description: 'Length of interview' }),
  },
  { additionalProperties: false },
);
export type CreateFeasibilityRequestBody = Static<typeof CreateFeasibilityRequestBody>;

export const FeasibilityRequest = Type.Object({
  id: Type.String(),
  status: Type.Union([
    Type.Literal('RECEIVED'),
    Type.Literal('RESPONDED'),
    Type.Literal('WON'),
    Type.Literal('LOST'),
    Type.Literal('NOT_PURSUED'),
  ]),
  source: Type.String(),
  taskDescription: Type.String(),
  panelDescription: Type.String(),
  submissionCount: Type.Integer(),
  timelineHours: Type.Integer(),
  payRateFrequency: Type.String(),
  loiMinutes: Type.Integer(),
  costPerParticipant: Nullable(
    Type.String({ description: 'Decimal USD amount, e.g. "45.00"; null until RESPONDED' }),
  ),
  respondedAt: Nullable(Type.String()),
  createdAt: Type.String(),
  dashboard_url: Nullable(Type.String()),
});
export type FeasibilityRequestResponse = Static<typeof FeasibilityRequest>;

export const FeasibilityParams = Type.Object({ requestId: Type.String() });
