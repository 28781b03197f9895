import { type Figure, ratioFigure } from './figure.ts';

export const opportunityList: Figure = ratioFigure(
  'opportunity_list_vs_bare',
  '`GET /v2/opportunities?limit=25` vs bare',
  'opportunities',
  'cohortList',
  0.45,
);
