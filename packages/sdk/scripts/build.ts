import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `node scripts/build.ts` (the package's `build`, and its `prepack`, so `npm pack` and `npm publish`
 * build what they pack): JavaScript and .d.ts files in `dist/`, where the manifest's `exports`
 * point. Node refuses to strip types under node_modules, so the package ships JavaScript;
 * openapi-fetch is vendored so it installs with no dependency
 * (docs/decisions/0072-sdk-owns-webhook-verification.md). The workspace keeps running the
 * TypeScript source, through the `@cohort/source` export condition
 * (docs/decisions/0150-sdk-packs-in-place.md).
 */
const sdk = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(sdk, 'package.json'));

export const DIST = path.join(sdk, 'dist');

export function buildPackage(outDir: string = DIST): void {
  fs.rmSync(outDir, { recursive: true, force: true });
  const tsc = require.resolve('typescript/bin/tsc');
  const project = path.join(sdk, 'tsconfig.build.json');
  execFileSync(process.execPath, [tsc, '-p', project, '--outDir', outDir], { stdio: 'inherit' });
  vendor(outDir);
}

/** openapi-fetch's ESM build and types, and the type-only helpers its types import. */
function vendor(outDir: string): void {
  const fetchDir = packageDir('openapi-fetch');
  const helpersDir = path.join(
    path.dirname(
      createRequire(path.join(fetchDir, 'package.json')).resolve('openapi-typescript-helpers'),
    ),
    '..',
  );
  const fetchOut = path.join(outDir, 'vendor', 'openapi-fetch');
  const helpersOut = path.join(outDir, 'vendor', 'openapi-typescript-helpers');
  fs.mkdirSync(fetchOut, { recursive: true });
  fs.mkdirSync(helpersOut, { recursive: true });
  fs.copyFileSync(path.join(fetchDir, 'dist', 'index.mjs'), path.join(fetchOut, 'index.js'));
  const fetchTypes = fs.readFileSync(path.join(fetchDir, 'dist', 'index.d.mts'), 'utf8');
  fs.writeFileSync(
    path.join(fetchOut, 'index.d.ts'),
    replaceSpecifier(
      fetchTypes,
      'openapi-typescript-helpers',
      '../openapi-typescript-helpers/index.js',
    ),
  );
  fs.copyFileSync(
    path.join(helpersDir, 'dist', 'index.d.mts'),
    path.join(helpersOut, 'index.d.ts'),
  );
  fs.copyFileSync(path.join(helpersDir, 'dist', 'index.mjs'), path.join(helpersOut, 'index.js'));
  fs.copyFileSync(path.join(fetchDir, 'LICENSE'), path.join(fetchOut, 'LICENSE'));
  fs.copyFileSync(path.join(helpersDir, 'LICENSE'), path.join(helpersOut, 'LICENSE'));
  for (const file of fs.readdirSync(outDir)) {
    if (!/\.(js|d\.ts)$/.test(file)) continue;
    const target = path.join(outDir, file);
    const text = fs.readFileSync(target, 'utf8');
    // tsc rewrites `./x.ts` to `./x.js` in JavaScript but not in declarations.
    const relinked = text.replace(/(from\s+['"]\.\/[^'"]+)\.ts(['"])/g, '$1.js$2');
    fs.writeFileSync(
      target,
      replaceSpecifier(relinked, 'openapi-fetch', './vendor/openapi-fetch/index.js'),
    );
  }
}

function packageDir(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

function replaceSpecifier(text: string, from: string, to: string): string {
  return text.replaceAll(`'${from}'`, `'${to}'`).replaceAll(`"${from}"`, `"${to}"`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  buildPackage(outDir ? path.resolve(outDir) : DIST);
}
