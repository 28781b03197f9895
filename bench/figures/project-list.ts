import { type Figure, ratioFigure } from './figure.ts';

export const projectList: Figure = ratioFigure(
  'project_list_vs_bare',
  '`GET /v2/projects?limit=25` vs bare',
  'projects',
  'cohortList',
  0.5,
);
