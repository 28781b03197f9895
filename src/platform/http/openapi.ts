import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { Type } from 'typebox';
import type { AppContext, RouteAuth } from './context.ts';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from './idempotency.ts';
import {
  errorExamples,
  errorResponseComponents,
  RATE_LIMIT_HEADERS,
  sharedErrorResponse,
} from './openapi-errors.ts';
import {
  cleanSchema,
  conforms,
  exampleOf,
  isNameable,
  isRequiredInDocument,
  type JsonSchema,
  nounOf,
  SchemaNames,
  toDocumentSchema,
} from './openapi-schema.ts';

/** The base path of the contract: the document's server URL ends in it, its paths start after. */
export const API_BASE_PATH = '/v2';

/** What a route's `schema` may say for the document, beyond Fastify's own keys. */
interface RouteDocumentation {
  summary?: string;
  description?: string;
  tags?: string[];
  operationId?: string;
  deprecated?: boolean;
  /** Leave the route out of the document. */
  hide?: boolean;
  /** Request body media types; JSON when absent. */
  consumes?: string[];
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  headers?: unknown;
  response?: Record<string, unknown>;
}

/**
 * What Cohort sends to a webhook receiver of one event type, for the document's `webhooks`
 * section: the features own the payloads (src/webhooks/event-schemas.ts), the platform writes them.
 */
export interface DocumentedWebhook {
  type: string;
  description: string;
  /** The schema of the whole request body. */
  payload: unknown;
}

export interface DocumentedRoute {
  method: string;
  /** The Fastify URL, prefix included: `/v2/projects/:projectId`. */
  url: string;
  auth: RouteAuth;
  schema: RouteDocumentation;
}

const METHOD_ORDER = ['get', 'put', 'post', 'patch', 'delete', 'options', 'trace'];

/**
 * Records every route as it is registered, so the document describes exactly the routes the app
 * serves. Must be called before any route is added.
 */
export function collectRoutes(app: FastifyInstance): DocumentedRoute[] {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify adds a HEAD twin to every GET; the GET describes both.
      if (method === 'HEAD') continue;
      routes.push({
        method: method.toLowerCase(),
        url: route.url,
        auth: route.config?.auth ?? 'customer',
        schema: (route.schema ?? {}) as RouteDocumentation,
      });
    }
  });
  return routes;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app with its schema, as registered (see collectRoutes). */
    documentedRoutes: DocumentedRoute[];
    /** What the document's `webhooks` section shows (see DocumentedWebhook). */
    documentedWebhooks: readonly DocumentedWebhook[];
  }
}

/** `/v2/projects/:projectId` becomes `/projects/{projectId}`; routes outside the base path none. */
export function documentPath(url: string): string | undefined {
  if (!url.startsWith(`${API_BASE_PATH}/`)) return undefined;
  return url
    .slice(API_BASE_PATH.length)
    .replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}')
    .replace(/\/\*$/, '/{wildcard}');
}

const pascal = (word: string) =>
  word
    .split(/[-_.]/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** `time-entries` is TimeEntry, `opportunities` Opportunity. */
const singular = (word: string) => pascal(word.replace(/ies$/, 'y').replace(/([^s])s$/, '$1'));

/**
 * A stable operationId from the method and path when the route gives none: listProjects,
 * getProject, createProject, updateProject, deleteProject, launchOpportunity.
 */
export function operationIdFor(method: string, documentPath: string): string {
  const segments = documentPath.split('/').filter(Boolean);
  const words = segments.filter((s) => !s.startsWith('{'));
  const last = segments[segments.length - 1] ?? '';
  const onItem = last.startsWith('{');
  const lastWord = words[words.length - 1] ?? '';
  const plural = /s$/.test(lastWord) && !/ss$/.test(lastWord);
  const head = words.slice(0, -1).map(singular).join('');
  const all = words.map(singular).join('');
  switch (method) {
    case 'get':
      return onItem ? `get${all}` : plural ? `list${head}${pascal(lastWord)}` : `get${all}`;
    case 'post':
      if (onItem) return `post${all}`;
      if (plural) return `create${all}`;
      // POST /opportunities/{id}/launch: the last word is the action on what precedes it.
      return `${lastWord.replace(/[-_](.)/g, (_, c: string) => c.toUpperCase())}${head}`;
    case 'patch':
    case 'put':
      return `update${all}`;
    case 'delete':
      return `delete${all}`;
    default:
      return `${method}${all}`;
  }
}

/**
 * The response of a route that sends a file (a stream or buffer) rather than JSON, for its
 * `response` schema: `200: fileResponse('The file as uploaded')`.
 */
export function fileResponse(description: string) {
  return {
    description,
    content: {
      'application/octet-stream': {
        schema: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }),
      },
    },
  };
}

/** Every exported schema of the schema modules gets a component name (see SchemaNames). */
async function loadSchemaNames(): Promise<SchemaNames> {
  const names = new SchemaNames();
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const files = fs
    .readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|[/\\.-])schemas\.ts$/.test(file) || file.endsWith('pagination.ts'))
    .filter((file) => !file.endsWith('.test.ts'))
    .sort();
  for (const file of files) {
    // A specifier relative to this module, like the routes' own imports, so every loader (Node,
    // and Vitest's) hands back the module instance the routes use: names are found by identity.
    const specifier = `../../${file.split(path.sep).join('/')}`;
    const module = (await import(specifier)) as Record<string, unknown>;
    // Sorted: an alias (`export const CrossQuota = CrossQuotaInput`) gets the same name everywhere.
    for (const name of Object.keys(module).sort()) {
      const value = module[name];
      if (/^[A-Z]/.test(name) && isNameable(value)) names.add(name, value);
    }
  }
  return names;
}

interface Operation {
  [key: string]: unknown;
}

const SECURITY: Record<RouteAuth, unknown[]> = {
  customer: [{ apiKey: [] }],
  participant: [{ participantToken: [] }],
  public: [],
};

/**
 * Each property of a parameters schema, and whether it is required: by the schema, or by a
 * `requiredInDocument` mark (the mark lives on the TypeBox schema, so it is read before cleaning).
 */
export const properties = (schema: unknown): [string, JsonSchema, boolean][] => {
  const clean = cleanSchema(schema);
  const props = (clean.properties ?? {}) as Record<string, JsonSchema>;
  const marked = ((schema as { properties?: Record<string, unknown> }).properties ?? {}) as Record<
    string,
    unknown
  >;
  const required = new Set((clean.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, prop]) => [
    name,
    prop,
    required.has(name) || isRequiredInDocument(marked[name]),
  ]);
};

function parameters(route: DocumentedRoute, docPath: string) {
  const list: Record<string, unknown>[] = [];
  const add = (where: 'path' | 'query' | 'header', schema: unknown) => {
    for (const [name, prop, required] of properties(schema)) {
      const { description, ...rest } = prop;
      const parameter: Record<string, unknown> = { name, in: where };
      if (typeof description === 'string') parameter.description = description;
      parameter.required = where === 'path' ? true : required;
      parameter.schema = rest;
      if (where === 'path') {
        const example = exampleOf(rest, nounOf(name), name);
        if (example !== undefined) parameter.example = example;
      }
      list.push(parameter);
    }
  };
  if (route.schema.params) add('path', route.schema.params);
  // A path parameter without a params schema is still a parameter of the path.
  for (const match of docPath.matchAll(/\{([^}]+)\}/g)) {
    const name = match[1]!;
    if (!list.some((p) => p.in === 'path' && p.name === name)) {
      list.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    }
  }
  if (route.schema.querystring) add('query', route.schema.querystring);
  if (route.schema.headers) add('header', route.schema.headers);
  return list;
}

/** The OpenAPI 3.1 document of the routes under API_BASE_PATH, built from their schemas alone. */
export async function buildOpenApiDocument(
  routes: readonly DocumentedRoute[],
  options: { publicUrl: string; webhooks?: readonly DocumentedWebhook[] },
): Promise<Record<string, unknown>> {
  const names = await loadSchemaNames();
  const used = new Set<string>();
  const toSchema = (schema: unknown, self?: string) =>
    toDocumentSchema(schema, names, (name) => used.add(name), self);
  const paths: Record<string, Record<string, Operation>> = {};
  const tags = new Set<string>();

  for (const route of routes) {
    const docPath = documentPath(route.url);
    if (!docPath || route.schema.hide) continue;
    const noun = nounOf(docPath.split('/').filter((s) => s && !s.startsWith('{'))[0] ?? '');
    const schema = route.schema;
    const routeTags = schema.tags?.length ? schema.tags : [pascal(noun)];
    for (const tag of routeTags) tags.add(tag);
    const operation: Operation = {
      operationId: schema.operationId ?? operationIdFor(route.method, docPath),
      summary: schema.summary ?? `${route.method.toUpperCase()} ${docPath}`,
      ...(schema.description ? { description: schema.description } : {}),
      tags: routeTags,
      security: SECURITY[route.auth],
      ...(schema.deprecated ? { deprecated: true } : {}),
    };
    const params = parameters(route, docPath);
    if (params.length > 0) operation.parameters = params;
    if (schema.body) {
      const body = cleanSchema(schema.body);
      const example = exampleOf(body, noun, undefined, { requiredOnly: true });
      const content: Record<string, unknown> = {};
      for (const mediaType of schema.consumes ?? ['application/json']) {
        content[mediaType] = {
          schema: toSchema(schema.body),
          ...(example !== undefined && mediaType.includes('json') ? { example } : {}),
        };
      }
      operation.requestBody = { required: true, content };
    }
    operation.responses = responses(route, noun, toSchema);
    if (route.method === 'post' && route.auth !== 'public') describeIdempotency(operation);
    paths[docPath] ??= {};
    paths[docPath][route.method] = operation;
  }

  // OpenAPI 3.1 `webhooks`: the requests Cohort makes to a subscription's target_url.
  const webhooks: Record<string, unknown> = {};
  for (const webhook of options.webhooks ?? []) {
    webhooks[webhook.type] = {
      post: {
        summary: webhook.type,
        description: webhook.description,
        tags: ['Webhooks'],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: toSchema(webhook.payload) } },
        },
        responses: {
          '2XX': {
            description:
              'Any 2xx confirms the delivery; anything else (3xx included) is retried on the schedule',
          },
        },
      },
    };
  }

  const errorComponents = errorResponseComponents((schema) => toSchema(schema));
  // Components are written after every use is known; writing one may use further names.
  const schemas: Record<string, JsonSchema> = {};
  const pending = () => [...used].filter((name) => !(name in schemas));
  for (let names_ = pending(); names_.length > 0; names_ = pending()) {
    for (const name of names_) schemas[name] = toSchema(names.schema(name), name);
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Cohort: Research Study Recruitment API',
      version: '2.0.0',
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: `${options.publicUrl}${API_BASE_PATH}`, description: 'This Cohort server' }],
    security: SECURITY.customer,
    tags: [...tags].sort().map((name) => ({ name })),
    paths: Object.fromEntries(
      Object.keys(paths)
        .sort()
        .map((p) => [p, sortMethods(paths[p]!)]),
    ),
    ...(Object.keys(webhooks).length > 0 && { webhooks }),
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'ck_ API key',
          description: 'An organization API key: `Authorization: Bearer ck_...`',
        },
        participantToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'pt_ participant token',
          description: 'A participant’s own token: `Authorization: Bearer pt_...`',
        },
      },
      schemas: Object.fromEntries(
        Object.keys(schemas)
          .sort()
          .map((n) => [n, schemas[n]]),
      ),
      responses: errorComponents,
      parameters: { IdempotencyKey: IDEMPOTENCY_KEY_PARAMETER },
      headers: { ...RATE_LIMIT_HEADERS, 'Idempotent-Replayed': IDEMPOTENT_REPLAYED },
    },
  };
}

const DESCRIPTION = [
  'Recruit participants for research studies and pay them for accepted work.',
  '',
  'Values named `dashboard_url` or `links.dashboard` are pages for people; `links.self`,',
  '`links.launch` and `links.submissions` are API paths. Lists are cursor-paginated: pass',
  '`pagination.next_cursor` back as `cursor` while `has_more` is true. Each API key may make 100',
  'requests, then every request is refused with 429 until more than 60 seconds pass without an',
  'accepted one; wait the `Retry-After` seconds.',
].join('\n');

const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Any unique string (a UUID): a repeat of this POST with the same key and body within 24 hours ' +
    'returns the first answer instead of acting again; the same key with another body is a 422.',
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
  example: '6f1c2a1e-0d5b-4c1e-9a43-6f0e5b1f2d77',
};

const IDEMPOTENT_REPLAYED = {
  description:
    '`true` when this is the saved answer to an earlier POST with the same Idempotency-Key',
  schema: { type: 'string', const: 'true' },
};

/**
 * Every authenticated POST takes an Idempotency-Key (src/platform/http/idempotency.ts, a hook rather than
 * a route schema): its header, its replay marker and the errors it adds.
 */
function describeIdempotency(operation: Operation) {
  operation.parameters = [
    ...((operation.parameters as unknown[] | undefined) ?? []),
    { $ref: '#/components/parameters/IdempotencyKey' },
  ];
  const responses = operation.responses as Record<string, unknown>;
  const added: Record<string, string> = {
    400: 'BadRequest',
    409: 'Conflict',
    422: 'IdempotencyKeyReused',
  };
  for (const [status, name] of Object.entries(added)) {
    responses[status] ??= { $ref: `#/components/responses/${name}` };
  }
  for (const [status, response] of Object.entries(responses)) {
    if (status.startsWith('2') && isObject(response) && !('$ref' in response)) {
      response.headers = {
        ...(isObject(response.headers) ? response.headers : {}),
        'Idempotent-Replayed': { $ref: '#/components/headers/Idempotent-Replayed' },
      };
    }
  }
  operation.responses = Object.fromEntries(
    Object.keys(responses)
      .sort()
      .map((status) => [status, responses[status]]),
  );
}

function sortMethods(operations: Record<string, Operation>) {
  return Object.fromEntries(
    Object.keys(operations)
      .sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b))
      .map((method) => [method, operations[method]]),
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function responses(
  route: DocumentedRoute,
  noun: string,
  toSchema: (schema: unknown) => JsonSchema,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const declared = route.schema.response ?? {};
  const statuses = Object.keys(declared).sort();
  for (const status of statuses) {
    const schema = declared[status];
    const code = Number(status);
    const key = status.replace(/x/g, 'X');
    const shared = Number.isInteger(code) ? sharedErrorResponse(code, schema) : undefined;
    if (shared) {
      result[key] = { $ref: `#/components/responses/${shared}` };
      continue;
    }
    // Fastify's own form: {description, content: {mediaType: {schema}}}.
    if (isObject(schema) && isObject(schema.content)) {
      const content: Record<string, unknown> = {};
      for (const [mediaType, media] of Object.entries(schema.content)) {
        const mediaSchema = isObject(media) ? media.schema : undefined;
        content[mediaType] = mediaType.includes('json')
          ? mediaContent(mediaSchema, code, noun, toSchema)
          : mediaSchema === undefined
            ? {}
            : { schema: toSchema(mediaSchema) };
      }
      result[key] = {
        description: typeof schema.description === 'string' ? schema.description : 'Success',
        ...successHeaders(route, code),
        content,
      };
      continue;
    }
    const description =
      isObject(schema) && typeof schema.description === 'string'
        ? schema.description
        : code < 400
          ? 'Success'
          : 'Error';
    result[key] = {
      description,
      ...successHeaders(route, code),
      ...(schema === null || (isObject(schema) && Object.keys(schema).length === 0)
        ? {}
        : { content: { 'application/json': mediaContent(schema, code, noun, toSchema) } }),
    };
  }
  if (statuses.length === 0) result['200'] = { description: 'Success' };
  return result;
}

function successHeaders(route: DocumentedRoute, code: number) {
  if (route.auth !== 'customer' || !(code >= 200 && code < 300)) return {};
  const headers = Object.fromEntries(
    Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]),
  );
  return { headers };
}

function mediaContent(
  schema: unknown,
  code: number,
  noun: string,
  toSchema: (schema: unknown) => JsonSchema,
) {
  if (schema === undefined) return {};
  const clean = cleanSchema(schema);
  const media: Record<string, unknown> = { schema: toSchema(schema) };
  if (code >= 400) {
    const examples = errorExamples(code);
    const valid =
      examples &&
      Object.fromEntries(
        Object.entries(examples).filter(([, example]) => conforms(clean, example.value)),
      );
    if (valid && Object.keys(valid).length > 0) media.examples = valid;
    else {
      const example = exampleOf(clean, noun);
      if (example !== undefined) media.example = example;
    }
    return media;
  }
  const example = exampleOf(clean, noun);
  if (example !== undefined) media.example = example;
  return media;
}

/**
 * GET /v2/openapi.json: the document of this server, built once on first request (every route is
 * registered by then) with this server's public URL.
 */
export function registerOpenApi(
  app: FastifyInstance,
  { config }: AppContext,
  webhooks: readonly DocumentedWebhook[] = [],
) {
  const routes = collectRoutes(app);
  app.decorate('documentedRoutes', routes);
  app.decorate('documentedWebhooks', webhooks);
  let document: Promise<string> | undefined;
  app.get(
    `${API_BASE_PATH}/openapi.json`,
    {
      config: { auth: 'public' },
      schema: {
        tags: ['Reference'],
        summary: 'This API’s OpenAPI 3.1 document',
        description: 'Generated from the route schemas the server validates with. No key needed.',
        operationId: 'getOpenApiDocument',
        response: {
          200: Type.Object({}, { additionalProperties: true, description: 'OpenAPI 3.1 document' }),
        },
      },
    },
    async (_request, reply) => {
      document ??= buildOpenApiDocument(routes, { publicUrl: config.publicUrl, webhooks }).then(
        (doc) => JSON.stringify(doc),
      );
      return reply
        .type('application/json; charset=utf-8')
        .serializer((payload) => payload as string)
        .send(await document);
    },
  );
  return routes;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app with its schema, as registered (see collectRoutes). */
    documentedRoutes: DocumentedRoute[];
  }
}
