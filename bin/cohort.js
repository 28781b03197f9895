#!/usr/bin/env node
// The `cohort` command: Node 24 (from devDependencies, first on PATH under npm and npx) runs the
// TypeScript entry point directly, its modules' stripped text cached (stripped-sources.js).
import './stripped-sources.js';

await import('../src/main.ts');
