import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from '../../scripts/generate-openapi.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openSqlite } from '../../src/platform/db/database.ts';
import { type DocumentedRoute, documentPath } from '../../src/platform/http/openapi.ts';
import { isRequiredInDocument } from '../../src/platform/http/openapi-schema.ts';
import type { App } from '../../src/platform/http/types.ts';
import { createContext } from '../../src/server.ts';

/**
 * Every parameter of openapi.json is required exactly when its route's schema requires it (or
 * marks it `requiredInDocument`), and exactly when the contract's text says so where it says.
 */
const CONTRACT = '/work/shared/spec/recruitment-api-v2.md';
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const shapeOf = (p: string) => p.replace(/\{[^}]+\}/g, '{}');

type Doc = Record<string, any>;

/** The document's parameter `name` in `where` of an operation, found by the path's shape. */
function documentedParameter(document: Doc, method: string, path: string, name: string) {
  const item = Object.entries(document.paths as Record<string, Doc>).find(
    ([p]) => shapeOf(p) === shapeOf(path),
  )?.[1];
  const operation = item?.[method.toLowerCase()];
  return (operation?.parameters as Doc[] | undefined)?.find((p) => p.name === name);
}

/**
 * What the contract says of query parameters: `<METHOD> <path>. Query, both required: `a` ...
 * and `b` ...` makes them required; a table row `| METHOD path | query ... |` names optional ones
 * (backticked, plus the pagination pair limit and cursor, optional by its section).
 */
function contractQueryParameters(text: string) {
  const found: { method: string; path: string; name: string; required: boolean }[] = [];
  for (const line of text.split('\n')) {
    const prose = /^(GET|POST|PUT|PATCH|DELETE) (\/\S+?)\. Query, [^:]*required: (.*?\)\.)/.exec(
      line,
    );
    if (prose) {
      for (const [, name] of prose[3]!.matchAll(/`(\w+)`/g)) {
        found.push({ method: prose[1]!, path: prose[2]!, name: name!, required: true });
      }
    }
    const row = /^\| (GET|POST|PUT|PATCH|DELETE) (\/\S+) \| query:? ([^|]*)\|/.exec(line);
    if (row) {
      const cell = row[3]!;
      const names = [...cell.matchAll(/`(\w+)`/g)].map((m) => m[1]!);
      if (/^limit, cursor\b/.test(cell)) names.push('limit', 'cursor');
      for (const name of names) {
        found.push({ method: row[1]!, path: row[2]!, name, required: false });
      }
    }
  }
  return found;
}

describe('OpenAPI parameters', () => {
  let document: Doc;
  let app: App;
  let routes: DocumentedRoute[];
  let database: ReturnType<typeof openSqlite>;
  beforeAll(async () => {
    document = JSON.parse(fs.readFileSync('openapi.json', 'utf8'));
    expect(document).toEqual(await generateOpenApiDocument());
    database = openSqlite(':memory:');
    app = await buildApp(createContext(loadConfig({}), database));
    await app.ready();
    routes = app.documentedRoutes;
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  it('marks each parameter required exactly as its route schema does', () => {
    const problems: string[] = [];
    let compared = 0;
    for (const route of routes) {
      const docPath = documentPath(route.url);
      if (!docPath || !METHODS.includes(route.method.toUpperCase())) continue;
      const schema = route.schema as Record<string, any>;
      for (const [where, key] of [
        ['path', 'params'],
        ['query', 'querystring'],
        ['header', 'headers'],
      ] as const) {
        const parameters = schema[key];
        if (!parameters?.properties) continue;
        const requiredBySchema = new Set<string>(parameters.required ?? []);
        for (const [name, property] of Object.entries(parameters.properties)) {
          const expected =
            where === 'path' || requiredBySchema.has(name) || isRequiredInDocument(property);
          const documented = documentedParameter(document, route.method, docPath, name);
          const label = `${route.method} ${docPath} ${where} ${name}`;
          if (!documented) problems.push(`${label}: not in openapi.json`);
          else if (documented.in !== where)
            problems.push(`${label}: documented in ${documented.in}`);
          else if (documented.required !== expected) {
            problems.push(`${label}: required ${documented.required}, the schema says ${expected}`);
          }
          compared += 1;
        }
      }
    }
    expect(problems).toEqual([]);
    expect(compared).toBeGreaterThan(50);
  });

  it('marks query parameters required exactly where the contract says they are', () => {
    const stated = contractQueryParameters(fs.readFileSync(CONTRACT, 'utf8'));
    // The hours report's window is the contract's one required pair; the rest it lists are optional.
    expect(stated.filter((s) => s.required)).toEqual([
      { method: 'GET', path: '/opportunities/{opportunityId}/hours', name: 'from', required: true },
      { method: 'GET', path: '/opportunities/{opportunityId}/hours', name: 'to', required: true },
    ]);
    expect(stated.filter((s) => !s.required).length).toBeGreaterThan(5);
    const problems = stated.flatMap(({ method, path, name, required }) => {
      const documented = documentedParameter(document, method, path, name);
      if (!documented) return [`${method} ${path} ${name}: not in openapi.json`];
      return documented.required === required
        ? []
        : [`${method} ${path} ${name}: required ${documented.required}, the contract ${required}`];
    });
    expect(problems).toEqual([]);
    // The CSV form of the report takes the same window.
    for (const name of ['from', 'to']) {
      expect(
        documentedParameter(document, 'GET', '/opportunities/{id}/hours.csv', name)?.required,
      ).toBe(true);
    }
  });
});
