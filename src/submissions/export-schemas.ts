import { Type } from 'typebox';

export const SubmissionListParams = Type.Object({ opportunityId: Type.String() });
