import { forgetIdClock } from '../../src/platform/ids.ts';

/**
 * Before each integration test file. A worker runs its files one after another in one module
 * graph (vitest.config.ts, `isolate: false`), so what the application keeps per process is reset
 * here to what a new process starts with.
 */
forgetIdClock();
