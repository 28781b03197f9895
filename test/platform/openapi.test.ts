import fs from 'node:fs';
import { compileErrors, dereference, validate } from '@readme/openapi-parser';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateOpenApiDocument,
  OPENAPI_FILE,
  serializeDocument,
} from '../../scripts/generate-openapi.ts';
import { documentPath, operationIdFor } from '../../src/platform/http/openapi.ts';
import { client, engines, startTestServer, type TestServer } from '../support/harness.ts';
import { CONTRACT_OPERATIONS } from './contract-operations.ts';

type Doc = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

function operations(document: Doc) {
  return Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(
    ([docPath, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, operation]) => ({ method, path: docPath, operation })),
  );
}

/** `/projects/{projectId}` and `/projects/{id}` have the same shape. */
const shapeOf = (p: string) => p.replace(/\{[^}]+\}/g, '{}');

/** The contract's operations, from the list checked in beside this test. */
function contractOperations(): { method: string; path: string }[] {
  return CONTRACT_OPERATIONS.map((operation) => {
    const [method, p] = operation.split(' ') as [string, string];
    return { method, path: p };
  });
}

describe('OpenAPI document', () => {
  let document: Doc;
  beforeAll(async () => {
    document = await generateOpenApiDocument();
  });

  it('is the checked-in openapi.json (run `npm run openapi` after changing a route)', () => {
    const checkedIn = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
    expect(
      checkedIn === serializeDocument(document),
      'openapi.json is out of date: run `npm run openapi` and commit openapi.json',
    ).toBe(true);
  });

  it('passes an independent OpenAPI 3.1 validator', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(result.warnings).toEqual([]);
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([
      { url: 'http://localhost:8080/v2', description: 'This Cohort server' },
    ]);
  });

  it('holds only JSON Schema keys: no TypeBox markers', () => {
    expect(serializeDocument(document)).not.toMatch(/"~/);
  });

  it('gives every operation a declared summary, tags and a unique operationId', () => {
    const missing: string[] = [];
    const ids = new Map<string, string>();
    for (const { method, path: p, operation } of operations(document)) {
      const where = `${method.toUpperCase()} ${p}`;
      // The generator's fallback summary is the method and path: a route should say more.
      if (!operation.summary || operation.summary === where) {
        missing.push(`${where}: add schema.summary`);
      }
      if (!operation.tags?.length) missing.push(`${where}: add schema.tags`);
      const other = ids.get(operation.operationId);
      if (other) missing.push(`${where}: operationId ${operation.operationId} also on ${other}`);
      ids.set(operation.operationId, where);
    }
    expect(missing).toEqual([]);
  });

  it('documents every response: a 2xx with an example, and the common errors', () => {
    const problems: string[] = [];
    for (const { method, path: p, operation } of operations(document)) {
      const where = `${method.toUpperCase()} ${p}`;
      const statuses = Object.keys(operation.responses);
      const success = statuses.find((s) => s.startsWith('2'));
      if (!success) {
        problems.push(`${where}: no 2xx response schema`);
        continue;
      }
      const media = operation.responses[success].content?.['application/json'];
      if (media && media.example === undefined && media.examples === undefined) {
        problems.push(`${where}: no example for ${success}: add examples to the schema's fields`);
      }
      if (operation.security.length > 0) {
        for (const status of ['401', '403', '500']) {
          if (!statuses.includes(status)) problems.push(`${where}: no ${status} response`);
        }
      }
      if (operation.requestBody && !statuses.includes('400')) {
        problems.push(`${where}: takes a body but documents no 400`);
      }
      if (/\{\w*[iI]d\}/.test(p) && operation.security.length > 0 && !statuses.includes('404')) {
        problems.push(`${where}: has an id in the path but documents no 404`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('marks customer routes with the API key, participant routes with their token, public ones with none', () => {
    for (const { path: p, operation } of operations(document)) {
      // A lab's calendar by its secret link: the link is the credential, for calendar apps that
      // send no header (docs/decisions/0178-lab-sessions.md).
      if (p === '/openapi.json' || p === '/participant/signup' || p === '/labs/calendar/{token}') {
        expect(operation.security, p).toEqual([]);
      } else if (p.startsWith('/participant/')) {
        expect(operation.security, p).toEqual([{ participantToken: [] }]);
      } else {
        expect(operation.security, p).toEqual([{ apiKey: [] }]);
      }
    }
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual([
      'apiKey',
      'participantToken',
    ]);
  });

  it('shows every error envelope with examples: 400 issues, nested 401, both 403 forms, 404, 409, 429', () => {
    const responses = document.components.responses;
    const examples = (name: string) =>
      Object.values(responses[name].content['application/json'].examples).map((e: any) => e.value);
    expect(examples('BadRequest')[0]).toMatchObject({
      code: 'BAD_REQUEST',
      issues: expect.arrayContaining([{ message: 'body.name: is required' }]),
    });
    expect(examples('Unauthorized')[0]).toEqual({
      error: {
        code: 'UNAUTHORIZED',
        message: 'Missing API key: include the header "Authorization: Bearer <API_KEY>"',
      },
    });
    expect(examples('Forbidden')).toEqual([
      {
        code: 'FORBIDDEN',
        message: 'Insufficient access',
        issues: [{ message: 'A viewer key cannot perform this operation' }],
      },
      { error: { code: 'FORBIDDEN', message: 'The organization owning this key is banned' } },
    ]);
    expect(examples('NotFound')[0]).toMatchObject({
      code: 'NOT_FOUND',
      issues: [expect.any(Object)],
    });
    expect(examples('Conflict')[0]).toMatchObject({ code: 'CONFLICT' });
    expect(examples('RateLimited')[0]).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Rate limit exceeded: retry in 61 seconds' },
    });
    expect(Object.keys(responses.RateLimited.headers)).toContain('Retry-After');
  });

  it('has examples that are instances of their schemas', async () => {
    const resolved = (await dereference(structuredClone(document) as never)) as Doc;
    const problems: string[] = [];
    const check = (where: string, media: any) => {
      if (!media?.schema) return;
      const values = [
        ...(media.example !== undefined ? [media.example] : []),
        ...Object.values(media.examples ?? {}).map((e: any) => e.value),
      ];
      for (const value of values) {
        if (!Value.Check(media.schema, value)) problems.push(`${where}: ${JSON.stringify(value)}`);
      }
    };
    for (const { method, path: p, operation } of operations(resolved)) {
      const where = `${method.toUpperCase()} ${p}`;
      for (const [mediaType, media] of Object.entries(operation.requestBody?.content ?? {})) {
        check(`${where} request ${mediaType}`, media);
      }
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        for (const [mediaType, media] of Object.entries(response.content ?? {})) {
          check(`${where} ${status} ${mediaType}`, media);
        }
      }
      for (const parameter of operation.parameters ?? []) {
        if (parameter.example !== undefined && !Value.Check(parameter.schema, parameter.example)) {
          problems.push(`${where} parameter ${parameter.name}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('names shared schemas as components instead of repeating them', () => {
    const schemas = document.components.schemas;
    expect(schemas.Project).toBeDefined();
    expect(schemas.FlatError).toBeDefined();
    expect(schemas.NestedError).toBeDefined();
    const list = document.paths['/projects'].get.responses['200'].content['application/json'];
    expect(list.schema).toEqual({ $ref: '#/components/schemas/ProjectList' });
    expect(schemas.ProjectList.properties.data.items).toEqual({
      $ref: '#/components/schemas/Project',
    });
  });

  it('describes parameters from the route schemas', () => {
    const get = document.paths['/projects/{projectId}'].get;
    expect(get.parameters).toEqual([
      expect.objectContaining({ name: 'projectId', in: 'path', required: true }),
    ]);
    const list = document.paths['/projects'].get;
    expect(list.parameters).toEqual([
      expect.objectContaining({
        name: 'limit',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
      }),
      expect.objectContaining({ name: 'cursor', in: 'query', required: false }),
    ]);
  });

  it('documents the Idempotency-Key of every authenticated POST, with its 409 and 422', () => {
    const reference = { $ref: '#/components/parameters/IdempotencyKey' };
    for (const { method, path: p, operation } of operations(document)) {
      const keyed = method === 'post' && operation.security.length > 0;
      const parameters = operation.parameters ?? [];
      if (keyed) expect(parameters, `${method} ${p}`).toContainEqual(reference);
      else expect(parameters, `${method} ${p}`).not.toContainEqual(reference);
      if (keyed) {
        expect(operation.responses['409'], p).toBeDefined();
        expect(operation.responses['422'], p).toEqual({
          $ref: '#/components/responses/IdempotencyKeyReused',
        });
      }
    }
    expect(document.components.parameters.IdempotencyKey).toMatchObject({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  });

  it("uses the contract's paths, relative to the base URL", () => {
    const contract = contractOperations();
    expect(contract.length).toBeGreaterThan(20);
    const byShape = new Map(contract.map((c) => [`${c.method} ${shapeOf(c.path)}`, c.path]));
    const misspelled: string[] = [];
    for (const { method, path: p } of operations(document)) {
      const contractPath = byShape.get(`${method} ${shapeOf(p)}`);
      if (contractPath && contractPath !== p)
        misspelled.push(`${method} ${p} (contract: ${contractPath})`);
    }
    expect(misspelled).toEqual([]);
    const documented = new Set(operations(document).map(({ method, path: p }) => `${method} ${p}`));
    const missing = contract
      .map(({ method, path: p }) => `${method} ${p}`)
      .filter((operation) => !documented.has(operation));
    expect(missing, 'contract operations the document does not describe').toEqual([]);
    expect(document.paths['/projects/{projectId}']).toBeDefined();
  });

  it('leaves the operator endpoints outside the base path out of the document', () => {
    expect(Object.keys(document.paths).filter((p) => /healthz|readyz|metrics/.test(p))).toEqual([]);
  });
});

describe('OpenAPI helpers', () => {
  it('maps Fastify URLs to document paths under the base path only', () => {
    expect(documentPath('/v2/projects/:projectId')).toBe('/projects/{projectId}');
    expect(documentPath('/v2/filters/:filter_slug/options')).toBe('/filters/{filter_slug}/options');
    expect(documentPath('/healthz')).toBeUndefined();
    expect(documentPath('/v2x/projects')).toBeUndefined();
  });

  it('derives operationIds a client library can use as method names', () => {
    expect(operationIdFor('get', '/projects')).toBe('listProjects');
    expect(operationIdFor('get', '/projects/{projectId}')).toBe('getProject');
    expect(operationIdFor('post', '/projects')).toBe('createProject');
    expect(operationIdFor('patch', '/projects/{projectId}')).toBe('updateProject');
    expect(operationIdFor('delete', '/opportunities/{opportunityId}')).toBe('deleteOpportunity');
    expect(operationIdFor('post', '/opportunities/{opportunityId}/launch')).toBe(
      'launchOpportunity',
    );
    expect(operationIdFor('get', '/opportunities/{opportunityId}/applicants')).toBe(
      'listOpportunityApplicants',
    );
    expect(operationIdFor('post', '/feasibility/requests')).toBe('createFeasibilityRequest');
    expect(operationIdFor('get', '/feasibility/requests/{requestId}')).toBe(
      'getFeasibilityRequest',
    );
    expect(operationIdFor('get', '/organization')).toBe('getOrganization');
    expect(operationIdFor('post', '/participant/time-entries')).toBe('createParticipantTimeEntry');
  });
});

describe.each(engines())('GET /v2/openapi.json on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('serves the document for this server without a key', async () => {
    const response = await client(server).get('/v2/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body.servers).toEqual([
      { url: 'http://cohort.test/v2', description: 'This Cohort server' },
    ]);
    const expected = await generateOpenApiDocument('http://cohort.test');
    expect(response.body).toEqual(expected);
    expect(response.headers.get('ratelimit-limit')).toBeNull();
  });
});
