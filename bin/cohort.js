#!/usr/bin/env -S node --max-semi-space-size=8
// The `cohort` command: Node 24 (from devDependencies, first on PATH under npm and npx) runs the
// TypeScript entry point directly, its modules' stripped text cached (stripped-sources.js).
//
// --max-semi-space-size=8 (MiB) caps V8's young generation, which otherwise grows to 32 MiB per
// semi-space under load and stays: `cohort serve` rests at ~136 MiB with it, ~180 MiB without,
// at no measurable cost in CPU per request on the reads (bench/cpu-per-request.ts;
// docs/decisions/0124-answers-kept-with-the-rows-they-come-from.md). NODE_OPTIONS may set another
// value.
import './sdk-source.js';
import './stripped-sources.js';

await import('../src/main.ts');
