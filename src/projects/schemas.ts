import { type Static, Type } from 'typebox';
import { PageQuery, Pagination } from '../platform/http/pagination.ts';

export const Project = Type.Object({
  id: Type.String({ examples: ['prj_01jd8x3c2v4k5m6n7p8q9r0s1t'] }),
  name: Type.String({ minLength: 1 }),
  slug: Type.String({ description: 'Generated from the name with a unique suffix; never changes' }),
  created_at: Type.String({ format: 'date-time' }),
  dashboard_url: Type.Union([Type.String(), Type.Null()], {
    description: 'A page for people: the project’s opportunity list',
  }),
});

export const ProjectDetail = Type.Object({
  ...Project.properties,
  opportunity_count: Type.Integer({ description: 'Counts drafts; excludes deleted' }),
  description: Type.Optional(Type.String()),
});

export const ProjectList = Type.Object({
  data: Type.Array(Project),
  pagination: Pagination,
});

export const CreateProjectBody = Type.Object(
  { name: Type.String({ minLength: 1 }), description: Type.Optional(Type.String()) },
  { additionalProperties: false },
);

export const RenameProjectBody = Type.Object(
  { name: Type.String({ minLength: 1 }), description: Type.Optional(Type.String()) },
  { additionalProperties: false },
);

export const ProjectParams = Type.Object({ projectId: Type.String() });

export const ListProjectsQuery = PageQuery;

export type ProjectResponse = Static<typeof Project>;
