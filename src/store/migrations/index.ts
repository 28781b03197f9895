import type { Migration } from 'kysely';
import * as foundation from './0001-foundation.ts';

/**
 * Every migration, in order. Listed here rather than read from the folder so the set is fixed at
 * build time and the same in every process.
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
};
