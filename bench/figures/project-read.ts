import { type Figure, ratioFigure } from './figure.ts';

export const projectRead: Figure = ratioFigure(
  'project_read_vs_bare',
  '`GET /v2/projects/{id}` vs bare',
  'projects',
  'cohortOne',
  0.7,
);
