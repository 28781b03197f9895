import { type Static, Type } from 'typebox';
import { PageQuery, Pagination } from '../platform/http/pagination.ts';
import { ScreeningAnswer } from '../screening/index.ts';
import { IncludeTestQuery, QualityFlags, ScreeningOutcome, TestFlag } from './schemas.ts';

/** Contract 2.11: an applicant awaiting the invite or decline decision. */
export const Applicant = Type.Object({
  id: Type.String({ description: 'The id invite and decline take' }),
  opportunity_id: Type.String(),
  participant_id: Type.String(),
  screening_outcome: ScreeningOutcome,
  screening_answers: Type.Array(ScreeningAnswer),
  quality_flags: QualityFlags,
  test: TestFlag,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type ApplicantResponse = Static<typeof Applicant>;

export const ListApplicantsQuery = Type.Object({
  ...PageQuery.properties,
  include_test: IncludeTestQuery,
});

export const ApplicantList = Type.Object({
  data: Type.Array(Applicant),
  pagination: Pagination,
  dashboard_url: Type.Union([Type.String(), Type.Null()], {
    description: 'The study’s recruitment page, where people decide on applicants',
  }),
});
