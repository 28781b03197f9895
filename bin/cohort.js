#!/usr/bin/env node
// The `cohort` command: Node 24 (from devDependencies, first on PATH under npm and npx) runs the
// TypeScript entry point directly.
import '../src/main.ts';
