import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openPostgres } from '../../src/platform/db/database.ts';

/**
 * Once per run: a fresh PostgreSQL database with every migration applied, shared by all test files.
 * Tests never clean up; each makes its own organization, so files run in parallel.
 */
export default async function setup(project: TestProject) {
  const engines = (process.env.TEST_ENGINES ?? 'sqlite').split(',');
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!engines.includes('postgres') || !baseUrl) {
    project.provide('postgresUrl', '');
    return;
  }
  const name = `cohort_test_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 2);
  await migrateToLatest(database.db);
  await database.destroy();
  project.provide('postgresUrl', url.toString());
  return async () => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
