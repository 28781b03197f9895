import fs from 'node:fs';

/**
 * The tools' input schemas come from the checked-in OpenAPI document, the same one the SDK's
 * types are generated from, so a tool accepts exactly what its operation does.
 */
type JsonSchema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface Operation {
  operationId: string;
  summary?: string;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    parameters?: Record<string, Parameter>;
  };
}

export interface OperationInput {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  summary: string;
  /** Path parameters, then query parameters, then body fields: the tool's arguments. */
  pathParameters: string[];
  queryParameters: string[];
  /** Whether the operation takes a JSON body (sent as `{}` when no field is given). */
  hasBody: boolean;
  inputSchema: { type: 'object'; properties: Record<string, JsonSchema>; required: string[] };
}

const DOCUMENT_URL = new URL('../../openapi.json', import.meta.url);

let document: Document | undefined;
function load(): Document {
  document ??= JSON.parse(fs.readFileSync(DOCUMENT_URL, 'utf8')) as Document;
  return document;
}

/**
 * A schema with every `$ref` replaced by what it names, so a client needs no `components`; and
 * without examples, which the API reference shows and a tool list need not carry.
 */
export function dereference(schema: unknown, seen: string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((item) => dereference(item, seen));
  if (typeof schema !== 'object' || schema === null) return schema;
  const record = schema as Record<string, unknown>;
  if (typeof record.$ref === 'string') {
    const name = record.$ref.split('/').pop()!;
    // The document has no recursive schemas; should one appear, it stays open rather than loop.
    if (seen.includes(name)) return {};
    return dereference(load().components.schemas[name], [...seen, name]);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === 'example' || key === 'examples') continue;
    out[key] = dereference(value, seen);
  }
  return out;
}

function resolveParameter(parameter: Parameter | { $ref: string }): Parameter {
  if ('$ref' in parameter) {
    return load().components.parameters![parameter.$ref.split('/').pop()!]!;
  }
  return parameter;
}

/** The method, path and merged input schema of an operation, by its operationId. */
export function operationInput(operationId: string): OperationInput {
  for (const [path, item] of Object.entries(load().paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation.operationId !== operationId) continue;
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      const pathParameters: string[] = [];
      const queryParameters: string[] = [];
      for (const parameter of (operation.parameters ?? []).map(resolveParameter)) {
        // Headers (Idempotency-Key) are the transport's business, not the agent's.
        if (parameter.in !== 'path' && parameter.in !== 'query') continue;
        (parameter.in === 'path' ? pathParameters : queryParameters).push(parameter.name);
        properties[parameter.name] = {
          ...(dereference(parameter.schema ?? {}) as JsonSchema),
          ...(parameter.description ? { description: parameter.description } : {}),
        };
        if (parameter.required) required.push(parameter.name);
      }
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      if (bodySchema) {
        const body = dereference(bodySchema) as {
          properties?: Record<string, JsonSchema>;
          required?: string[];
        };
        Object.assign(properties, body.properties ?? {});
        required.push(...(body.required ?? []));
      }
      return {
        method: method as OperationInput['method'],
        path,
        summary: operation.summary ?? operationId,
        pathParameters,
        queryParameters,
        hasBody: bodySchema !== undefined,
        inputSchema: { type: 'object', properties, required },
      };
    }
  }
  throw new Error(`no operation ${operationId} in openapi.json`);
}
