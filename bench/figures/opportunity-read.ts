import { type Figure, ratioFigure } from './figure.ts';

export const opportunityRead: Figure = ratioFigure(
  'opportunity_read_vs_bare',
  '`GET /v2/opportunities/{id}` (launched, full) vs bare',
  'opportunities',
  'cohortOne',
  0.4,
);
