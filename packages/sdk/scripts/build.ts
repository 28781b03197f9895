import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `node scripts/build.ts <dir>`: the publishable package in <dir>, ready for `npm pack <dir>`.
 * Node refuses to strip types under node_modules, so the package ships JavaScript and .d.ts files;
 * openapi-fetch is vendored so it installs with no dependency
 * (docs/decisions/0072-sdk-owns-webhook-verification.md). The workspace keeps running the
 * TypeScript source.
 */
const sdk = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(sdk, 'package.json'));

export function buildPackage(outDir: string): void {
  fs.rmSync(outDir, { recursive: true, force: true });
  const tsc = require.resolve('typescript/bin/tsc');
  const project = path.join(sdk, 'tsconfig.build.json');
  execFileSync(process.execPath, [tsc, '-p', project, '--outDir', outDir], { stdio: 'inherit' });
  vendor(outDir);
  writeManifest(outDir);
  fs.copyFileSync(path.join(sdk, 'README.md'), path.join(outDir, 'README.md'));
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

/** The workspace manifest with exports pointing at JavaScript and no dependencies left. */
function writeManifest(outDir: string): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(sdk, 'package.json'), 'utf8'));
  const exports: Record<string, { types: string; default: string }> = {};
  for (const [subpath, source] of Object.entries(manifest.exports as Record<string, string>)) {
    const base = source.replace(/^\.\/src\//, './').replace(/\.ts$/, '');
    exports[subpath] = { types: `${base}.d.ts`, default: `${base}.js` };
  }
  const { scripts: _scripts, dependencies: _dependencies, private: _private, ...rest } = manifest;
  const published = { ...rest, exports, files: ['*.js', '*.d.ts', 'vendor', 'README.md'] };
  fs.writeFileSync(path.join(outDir, 'package.json'), `${JSON.stringify(published, null, 2)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) throw new Error('usage: node scripts/build.ts <output directory>');
  buildPackage(path.resolve(outDir));
}
