import { defineConfig } from 'vitest/config';

/**
 * The workspace's @cohort/sdk is its TypeScript source, behind the `@cohort/source` export
 * condition (docs/decisions/0150-sdk-packs-in-place.md): for the modules Vite loads (its server
 * conditions, after Vite's defaults), and for every Node process a test starts.
 */
const SOURCE = '@cohort/source';

export default defineConfig({
  ssr: { resolve: { conditions: [SOURCE, 'module', 'node', 'development|production'] } },
  test: {
    env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --conditions=${SOURCE}`.trim() },
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
