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
  /** Each relative import, with the names it binds (a namespace or default import counts as one). */
  imports: { target: string; typeOnly: boolean; names: number }[];
  packages: string[];
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(dir, file).split(path.sep).join('/'))
    .sort();
}

/** How many names an import or re-export statement binds from its module. */
function boundNames(node: ts.ImportDeclaration | ts.ExportDeclaration): number {
  if (ts.isExportDeclaration(node)) {
    return node.exportClause && ts.isNamedExports(node.exportClause)
      ? node.exportClause.elements.length
      : 1;
  }
  const clause = node.importClause;
  if (!clause) return 0;
  const bindings = clause.namedBindings;
  const named =
    bindings && ts.isNamedImports(bindings) ? bindings.elements.length : bindings ? 1 : 0;
  return named + (clause.name ? 1 : 0);
}

function readModule(file: string): Module {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const imports: Module['imports'] = [];
  const packages: string[] = [];
  const add = (specifier: string, typeOnly: boolean, names = 1) => {
    if (specifier.startsWith('.')) {
      imports.push({
        target: path.posix.join(path.posix.dirname(file), specifier),
        typeOnly,
        names,
      });
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
      add(node.moduleSpecifier.text, typeOnly, boundNames(node));
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

/**
 * The features in layers, read from the diagram in docs/architecture.md: each `subgraph` of its
 * mermaid block is a layer, the lowest last, and lists its features (a node's label when it has
 * one, else its id).
 */
function layersOfTheDiagram(): string[][] {
  const doc = fs.readFileSync(path.resolve(SRC, '../docs/architecture.md'), 'utf8');
  const diagram = /```mermaid\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
  const layers: string[][] = [];
  let current: string[] | undefined;
  for (const line of diagram.split('\n').map((l) => l.trim())) {
    if (line.startsWith('subgraph ')) {
      current = [];
      layers.push(current);
    } else if (line === 'end') {
      current = undefined;
    } else if (current && line) {
      for (const node of line.split('&')) {
        const label = /\[\s*"?([^"\]]+)"?\s*\]/.exec(node)?.[1];
        current.push((label ?? node).trim());
      }
    }
  }
  return layers.reverse();
}

/** The feature graph: for each feature, the features it imports, with the files that do. */
function featureGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const module of modules) {
    const from = areaOf(module.file);
    if (!from || from === 'platform') continue;
    const edges = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, edges);
    for (const { target } of module.imports) {
      const to = areaOf(target);
      if (!to || to === 'platform' || to === from) continue;
      edges.set(to, [...(edges.get(to) ?? []), relative(module.file)]);
    }
  }
  return graph;
}

/** Every cycle between features, each as the path that closes it (a → b → a). */
function featureCycles(graph: Map<string, Map<string, string[]>>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (feature: string) => {
    state.set(feature, 'open');
    stack.push(feature);
    for (const next of [...(graph.get(feature)?.keys() ?? [])].sort()) {
      if (state.get(next) === 'open') {
        const loop = [...stack.slice(stack.indexOf(next)), next];
        const via = loop
          .slice(0, -1)
          .map((f, i) => `${f} → ${loop[i + 1]} (${graph.get(f)!.get(loop[i + 1]!)![0]})`);
        cycles.push(`${loop.join(' → ')}: ${via.join('; ')}`);
      } else if (!state.has(next)) {
        visit(next);
      }
    }
    stack.pop();
    state.set(feature, 'done');
  };
  for (const feature of [...graph.keys()].sort()) if (!state.has(feature)) visit(feature);
  return cycles;
}

describe('features in layers (docs/architecture.md)', () => {
  const graph = featureGraph();
  const layers = layersOfTheDiagram();
  const layerOf = new Map(layers.flatMap((features, i) => features.map((f) => [f, i] as const)));

  it('no cycle between features', () => {
    expect(featureCycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one, and prints it', () => {
    const looped = new Map([
      ['a', new Map([['b', ['a/x.ts']]])],
      ['b', new Map([['a', ['b/y.ts']]])],
    ]);
    expect(featureCycles(looped)).toEqual(['a → b → a: a → b (a/x.ts); b → a (b/y.ts)']);
  });

  it('the diagram places every feature folder of src/ in one layer', () => {
    const folders = fs
      .readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'platform')
      .map((entry) => entry.name)
      .sort();
    expect([...layerOf.keys()].sort()).toEqual(folders);
    expect(layers.flat().length).toBe(folders.length);
  });

  it('a feature imports only features in layers below its own', () => {
    const upward: string[] = [];
    for (const [from, edges] of graph) {
      for (const [to, files] of edges) {
        if ((layerOf.get(to) ?? Infinity) >= (layerOf.get(from) ?? -Infinity)) {
          upward.push(`${from} → ${to} (${files.join(', ')})`);
        }
      }
    }
    expect(upward).toEqual([]);
  });

  it('no file imports more than 10 names from another feature: a wider seam wants a home', () => {
    const wide: string[] = [];
    for (const module of modules) {
      const from = areaOf(module.file);
      if (!from || from === 'platform') continue;
      const byFeature = new Map<string, number>();
      for (const { target, names } of module.imports) {
        const to = areaOf(target);
        if (!to || to === 'platform' || to === from) continue;
        byFeature.set(to, (byFeature.get(to) ?? 0) + names);
      }
      for (const [to, count] of byFeature) {
        if (count > 10) wide.push(`${relative(module.file)} imports ${count} names from ${to}`);
      }
    }
    expect(wide).toEqual([]);
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
