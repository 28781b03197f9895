import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openPostgres, openSqlite } from '../../src/platform/db/database.ts';
import { chromiumAvailable, launchChromiumServer } from './browser.ts';

/**
 * Once per run, so that no test file pays for them again:
 * - a SQLite file with every migration applied, which each test server's database is a copy of;
 * - on PostgreSQL, a migrated template database, and the database all test files share, created
 *   from it (a file that needs a database of its own creates it from the template too);
 * - one Chromium, as a browser server each browser test file connects to.
 * Tests never clean up; each makes its own organization, so files run in parallel.
 */
export default async function setup(project: TestProject) {
  const teardown: (() => Promise<void>)[] = [];
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-template-'));
  teardown.push(async () => fs.rmSync(folder, { recursive: true, force: true }));
  const sqliteTemplate = path.join(folder, 'cohort.sqlite');
  const sqlite = openSqlite(sqliteTemplate);
  await migrateToLatest(sqlite.db);
  await sqlite.destroy();
  project.provide('sqliteTemplate', sqliteTemplate);

  let browserServer: Awaited<ReturnType<typeof launchChromiumServer>> | undefined;
  if (chromiumAvailable) {
    browserServer = await launchChromiumServer();
    teardown.push(() => browserServer!.close());
  }
  project.provide('chromiumEndpoint', browserServer?.wsEndpoint() ?? '');

  const engines = (process.env.TEST_ENGINES ?? 'sqlite').split(',');
  const baseUrl = process.env.TEST_DATABASE_URL;
  project.provide('postgresUrl', '');
  project.provide('postgresTemplate', '');
  if (engines.includes('postgres') && baseUrl) {
    const name = `cohort_test_${randomBytes(4).toString('hex')}`;
    const template = `${name}_template`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${template}`);
    const templateUrl = new URL(baseUrl);
    templateUrl.pathname = `/${template}`;
    const database = openPostgres(templateUrl.toString(), 2);
    await migrateToLatest(database.db);
    await database.destroy();
    await admin(`create database ${name} template ${template}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    project.provide('postgresUrl', url.toString());
    project.provide('postgresTemplate', template);
    teardown.push(async () => {
      await admin(`drop database if exists ${name} with (force)`);
      await admin(`drop database if exists ${template} with (force)`);
    });
  }
  return async () => {
    for (const step of teardown.reverse()) await step();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** The migrated database every scratch PostgreSQL database of the run is created from. */
    postgresTemplate: string;
    /** A migrated SQLite file; each test's SQLite database starts as a copy of it. */
    sqliteTemplate: string;
    /** The run's one Chromium (launchChromium connects to it); empty without Chromium. */
    chromiumEndpoint: string;
  }
}
