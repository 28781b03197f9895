import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The workspace's @cohort/sdk is its TypeScript source, behind the `@cohort/source` export
 * condition (docs/decisions/0150-sdk-packs-in-place.md): for the modules Vite loads (its server
 * conditions, after Vite's defaults), and for every Node process a test starts.
 */
const SOURCE = '@cohort/source';

/**
 * Workers: Vitest's default is one fewer than the cores, a single worker on a 2-core machine, so
 * the files ran one after another while most of an integration test's time is spent waiting (on
 * PostgreSQL, on Chromium, on the CLI processes it starts). One more worker than cores keeps both
 * cores busy. Both projects take it from here (`extends: true`): a project that does not extend
 * the root falls back to Vitest's default.
 *
 * isolate: false: a worker runs its files one after another in one module graph, instead of a
 * fresh one per file. Every integration file imports the whole application, and most build the
 * geography index; evaluating those once per worker rather than once per file saves about a
 * second of CPU per file. Each file makes its own server, database rows and browser context, and
 * none mocks modules, timers or globals; what the application keeps per process (the id clock) is
 * reset before each file by test/support/each-file.ts.
 * docs/decisions/0160-a-test-run-worth-waiting-for.md has the figures.
 */
export default defineConfig({
  ssr: { resolve: { conditions: [SOURCE, 'module', 'node', 'development|production'] } },
  test: {
    env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --conditions=${SOURCE}`.trim() },
    maxWorkers: os.availableParallelism() + 1,
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/each-file.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
