import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The shape of the tree, checked (docs/architecture.md): routes → use cases → (pure modules,
 * queries) → platform. Every rule below reads the real import graph of src/ (type-only imports
 * included: they couple the code just as much), so the map in the docs cannot drift from the code.
 */
const SRC = path.resolve(import.meta.dirname, '../../src');

interface Module {
  file: string;
  imports: { target: string; typeOnly: boolean }[];
  packages: string[];
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(dir, file).split(path.sep).join('/'))
    .sort();
}

function readModule(file: string): Module {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const imports: Module['imports'] = [];
  const packages: string[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    if (specifier.startsWith('.')) {
      imports.push({ target: path.posix.join(path.posix.dirname(file), specifier), typeOnly });
    } else {
      packages.push(specifier);
    }
  };
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const typeOnly = ts.isImportDeclaration(node)
        ? (node.importClause?.isTypeOnly ?? false) ||
          (node.importClause?.namedBindings !== undefined &&
            ts.isNamedImports(node.importClause.namedBindings) &&
            node.importClause.namedBindings.elements.length > 0 &&
            !node.importClause.name &&
            node.importClause.namedBindings.elements.every((element) => element.isTypeOnly))
        : node.isTypeOnly;
      add(node.moduleSpecifier.text, typeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { file, imports, packages };
}

const modules = sourceFiles(SRC)
  .filter((file) => !file.endsWith('.test.ts'))
  .map(readModule);
const byFile = new Map(modules.map((module) => [module.file, module]));
const relative = (file: string) => path.posix.relative(SRC, file);
/** `platform`, a feature's folder name, or undefined for the composition files at src/ itself. */
const areaOf = (file: string) => {
  const parts = relative(file).split('/');
  return parts.length > 1 ? parts[0] : undefined;
};

/** Files that speak HTTP for a feature: they alone (with platform/http) map errors to statuses. */
const isRouteFile = (file: string) =>
  /(^|\/)(routes|[a-z-]+-routes|router)\.ts$/.test(relative(file));

function violations(rule: (module: Module, target: string, typeOnly: boolean) => string | null) {
  const found: string[] = [];
  for (const module of modules) {
    for (const { target, typeOnly } of module.imports) {
      const problem = rule(module, target, typeOnly);
      if (problem) found.push(`${relative(module.file)} → ${relative(target)}: ${problem}`);
    }
  }
  return found;
}

describe('the dependency rule', () => {
  it('finds the tree it checks', () => {
    expect(modules.length).toBeGreaterThan(200);
    expect(byFile.has(`${SRC}/platform/http/auth.ts`)).toBe(true);
  });

  it('platform/ imports no feature and no composition file', () => {
    expect(
      violations((module, target, typeOnly) => {
        if (areaOf(module.file) !== 'platform') return null;
        const area = areaOf(target);
        if (area === 'platform') return null;
        // The configuration is read by everything; the database's table map is the one place
        // where every feature's tables meet, and the platform needs only its type.
        if (relative(target) === 'config.ts') return null;
        if (relative(target) === 'schema.ts' && typeOnly) return null;
        return 'platform/ knows no feature';
      }),
    ).toEqual([]);
  });

  it("a feature uses another feature only through that feature's index.ts", () => {
    expect(
      violations((module, target) => {
        const from = areaOf(module.file);
        const to = areaOf(target);
        if (!from || from === 'platform' || !to || to === 'platform' || from === to) return null;
        return relative(target) === `${to}/index.ts` ? null : `import ${to}/index.ts instead`;
      }),
    ).toEqual([]);
  });

  it('no feature reaches into the composition files (app, server, main, the job list)', () => {
    expect(
      violations((module, target) => {
        const from = areaOf(module.file);
        // The CLI is itself a way to start the process: `cohort serve` builds the server.
        if (!from || from === 'cli') return null;
        return areaOf(target) === undefined &&
          !['config.ts', 'schema.ts'].includes(relative(target))
          ? 'composition files are imported only by other composition files and the CLI'
          : null;
      }),
    ).toEqual([]);
  });

  it('only platform/http and route files know how errors become status codes', () => {
    expect(
      violations((module, target) => {
        if (relative(target) !== 'platform/http/errors.ts') return null;
        const from = relative(module.file);
        // The composition files (src/app.ts) install the error handler.
        if (from.startsWith('platform/http/') || isRouteFile(module.file) || !areaOf(module.file)) {
          return null;
        }
        return 'throw the domain errors of platform/errors.ts instead';
      }),
    ).toEqual([]);
  });
});

/** Packages and platform folders that reach outside the process: a pure module uses none. */
const IO_PACKAGES =
  /^(node:(fs|fs\/promises|sqlite|net|http|https|dns|child_process)|kysely|pg|fastify|@fastify\/.*|prom-client|pino)$/;
const IO_FOLDERS = /^platform\/(db|jobs|events|http)\//;

/** The I/O a module reaches, directly or through the modules it imports. */
function reachedIo(start: string): string | undefined {
  const seen = new Set<string>();
  const stack: { file: string; via: string[] }[] = [{ file: start, via: [] }];
  while (stack.length > 0) {
    const { file, via } = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const module = byFile.get(file);
    if (!module) continue;
    const trail = [...via, relative(file)];
    const io = module.packages.find((name) => IO_PACKAGES.test(name));
    if (io) return `${trail.join(' → ')} → ${io}`;
    for (const { target, typeOnly } of module.imports) {
      if (typeOnly) continue;
      if (IO_FOLDERS.test(relative(target))) return `${trail.join(' → ')} → ${relative(target)}`;
      stack.push({ file: target, via: trail });
    }
  }
  return undefined;
}

describe('pure modules', () => {
  /**
   * A feature's module with a unit test beside it is one of its pure modules (docs/architecture.md):
   * rules that are property-tested without a database. Listed here are the unit-tested modules
   * whose job is I/O, each with the reason.
   */
  const IO_BY_DESIGN = new Map<string, string>([
    ['webhooks/sender.ts', 'sends one signed HTTP request; its unit test runs a loopback receiver'],
    [
      'filters/geography-filters.ts',
      "binds the pure filter rules to the geography catalog, read from the packages' data files",
    ],
  ]);
  const pure = sourceFiles(SRC)
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => file.replace(/(\.property)?\.test\.ts$/, '.ts'))
    .filter((file) => byFile.has(file) && areaOf(file) !== 'platform' && areaOf(file) !== undefined)
    .filter((file) => !IO_BY_DESIGN.has(relative(file)));

  it('are found', () => {
    expect(pure.length).toBeGreaterThan(30);
  });

  it('import nothing that does I/O, directly or indirectly', () => {
    expect(pure.map(reachedIo).filter(Boolean)).toEqual([]);
  });
});
