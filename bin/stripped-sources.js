// Loads Cohort's TypeScript modules from a cache of their type-stripped text, written the first
// time each file (at this size and modification time) is loaded. Node otherwise strips the types
// of every module at every start with a WebAssembly compiler, whose instance alone keeps ~20 MB
// resident and whose work is ~250 ms of CPU at each start
// (docs/decisions/0122-start-up-work-deferred-to-first-use.md). The stripped text keeps every line
// and column (types become spaces), so stack traces point into the .ts files as before. A file that
// cannot be cached is left to Node.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { registerHooks, stripTypeScriptTypes } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'cohort', 'stripped');

/** The cached text's file: one per path, size, modification time and Node version. */
function cacheFile(file) {
  const stat = statSync(file);
  const key = createHash('sha256')
    .update(`${file}\n${stat.size}\n${stat.mtimeMs}\n${process.version}`)
    .digest('hex')
    .slice(0, 32);
  return path.join(CACHE, `${key}.js`);
}

function ownTypeScript(url) {
  return url.startsWith('file:') && url.endsWith('.ts') && !url.includes('/node_modules/');
}

registerHooks({
  load(url, context, nextLoad) {
    if (!ownTypeScript(url)) return nextLoad(url, context);
    let cached;
    try {
      cached = cacheFile(fileURLToPath(url));
      return { format: 'module', source: readFileSync(cached, 'utf8'), shortCircuit: true };
    } catch {
      // Not cached yet (or unreadable): Node loads it, and it is cached below when it can be.
    }
    const loaded = nextLoad(url, context);
    if (loaded.format !== 'module-typescript' || !cached) return loaded;
    const source = quietly(() => stripTypeScriptTypes(String(loaded.source), { mode: 'strip' }));
    try {
      mkdirSync(CACHE, { recursive: true });
      const partial = `${cached}.${process.pid}.partial`;
      writeFileSync(partial, source);
      renameSync(partial, cached);
    } catch {
      // A read-only installation strips at every start, as Node would.
    }
    return { format: 'module', source, shortCircuit: true };
  },
});

/** Runs `work` without the one-time notice that stripTypeScriptTypes is experimental: Node's own
 * type stripping, which this replaces, prints nothing. */
function quietly(work) {
  const emitWarning = process.emitWarning;
  process.emitWarning = () => {};
  try {
    return work();
  } finally {
    process.emitWarning = emitWarning;
  }
}
