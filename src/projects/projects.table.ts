import type { Insertable, Selectable, Updateable } from 'kysely';

export interface ProjectsTable {
  id: string;
  organization_id: string;
  name: string;
  /** The name as the alphabetical list compares it (sort-key.ts); kept in step with the name. */
  sort_key: string;
  slug: string;
  description: string | null;
  /** Internal-only projects (the operators' own) are omitted from the list. */
  internal: number;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export type ProjectRow = Selectable<ProjectsTable>;
export type NewProjectRow = Insertable<ProjectsTable>;
export type ProjectUpdate = Updateable<ProjectsTable>;
