#!/usr/bin/env -S node --max-semi-space-size=8 --heap-growing-percent=50
// The `cohort` command: Node 24 (from devDependencies, first on PATH under npm and npx) runs the
// TypeScript entry point directly, its modules' stripped text cached (stripped-sources.js).
//
// --max-semi-space-size=8 (MiB) caps V8's young generation, which otherwise grows to 32 MiB per
// semi-space under load and stays: `cohort serve` rests at ~136 MiB with it, ~180 MiB without,
// at no measurable cost in CPU per request on the reads (bench/cpu-per-request.ts;
// docs/decisions/0124-answers-kept-with-the-rows-they-come-from.md).
//
// --heap-growing-percent=50 lets the old generation grow to 1.5 times what the last full
// collection kept, where V8 otherwise allows up to 4 times on a fast machine: on a million
// participants `serve` kept 45 to 65 MB of heap and grew to 176 MB before collecting, ~20 MB more
// resident per invitation of 5,000 up to 330 MB after six; bounded, it levels off near 250 MB
// (docs/decisions/0189-serve-memory-bounded.md). 1.25 times levelled the same within the spread
// but made discovery, which allocates as it decodes rows, spend a third more CPU collecting (see
// 0189's later section). The package.json scripts `start` and `cohort` pass the same flags.
// NODE_OPTIONS may set others.
import './sdk-source.js';
import './stripped-sources.js';

await import('../src/main.ts');
