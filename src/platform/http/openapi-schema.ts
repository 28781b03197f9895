import { Value } from 'typebox/value';
import { canonicalJson } from '../canonical-json.ts';

/** A plain JSON Schema (2020-12, the dialect of OpenAPI 3.1) as it appears in the document. */
export type JsonSchema = { [key: string]: unknown };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * TypeBox 1 marks its schemas with `~kind`, `~optional`, `~readonly` (non-enumerable today, but
 * nothing promises that), and a schema may hold functions or symbols. None of that is JSON Schema,
 * so the document only ever sees enumerable string keys with JSON values.
 */
function copyKeys(schema: Record<string, unknown>, visit: (value: unknown) => unknown): JsonSchema {
  const copy: JsonSchema = {};
  for (const key of Object.keys(schema)) {
    if (key.startsWith('~')) continue;
    const value = schema[key];
    if (typeof value === 'function' || typeof value === 'symbol' || value === undefined) continue;
    copy[key] = visit(value);
  }
  return copy;
}

const DOCUMENT_REQUIRED = '~documentRequired';

/**
 * A parameter the contract requires that the schema lets through on purpose: its use case checks
 * it together with the rest of the request, so one 400 lists every problem
 * (docs/decisions/0120-required-query-parameters-in-the-document.md). The document marks it
 * required, as the contract does. The mark is a `~` key, not enumerable: neither the validator nor
 * the document sees it.
 */
export function requiredInDocument<T extends object>(schema: T): T {
  Object.defineProperty(schema, DOCUMENT_REQUIRED, { value: true, enumerable: false });
  return schema;
}

export function isRequiredInDocument(schema: unknown): boolean {
  return isObject(schema) && schema[DOCUMENT_REQUIRED] === true;
}

/** A deep copy of a TypeBox schema that is plain JSON Schema. */
export function cleanSchema(schema: unknown): JsonSchema {
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (isObject(value)) return copyKeys(value, visit);
    return value;
  };
  return visit(schema) as JsonSchema;
}

/**
 * Names for shared schemas, so the document has `components.schemas.Project` rather than the same
 * object inlined into every operation (and typed clients get named types). A schema is recognized
 * by identity first (TypeBox keeps references to the schemas it composes), and otherwise by
 * meaning when exactly one name has that meaning (Type.Optional copies its argument).
 */
export class SchemaNames {
  readonly #byIdentity = new Map<object, string>();
  readonly #byMeaning = new Map<string, string | null>();
  readonly #schemas = new Map<string, object>();

  add(name: string, schema: object): void {
    if (this.#byIdentity.has(schema) || this.#schemas.has(name)) return;
    this.#byIdentity.set(schema, name);
    this.#schemas.set(name, schema);
    const meaning = canonicalJson(cleanSchema(schema));
    const existing = this.#byMeaning.get(meaning);
    this.#byMeaning.set(meaning, existing === undefined ? name : null);
  }

  has(name: string): boolean {
    return this.#schemas.has(name);
  }

  nameOf(schema: object): string | undefined {
    const byIdentity = this.#byIdentity.get(schema);
    if (byIdentity) return byIdentity;
    return this.#byMeaning.get(canonicalJson(cleanSchema(schema))) ?? undefined;
  }

  schema(name: string): object | undefined {
    return this.#schemas.get(name);
  }
}

/** Whether a schema is worth a name: an object with properties, or a union of such. */
export function isNameable(schema: unknown): schema is object {
  if (!isObject(schema)) return false;
  if (isObject(schema.properties) && Object.keys(schema.properties).length > 0) return true;
  const union = schema.anyOf ?? schema.oneOf;
  return Array.isArray(union) && union.some((member) => isNameable(member));
}

/**
 * The schema as it goes into the document: cleaned, with every named sub-schema replaced by a
 * `$ref` to components.schemas, and each name used reported through `use`. `self` is the name of
 * the component being written, which must not become a reference to itself.
 */
export function toDocumentSchema(
  schema: unknown,
  names: SchemaNames,
  use: (name: string) => void,
  self?: string,
): JsonSchema {
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (!isObject(value)) return value;
    if (isNameable(value)) {
      const name = names.nameOf(value);
      if (name && name !== self) {
        use(name);
        const ref: JsonSchema = { $ref: `#/components/schemas/${name}` };
        // A use-site description (Type.Optional(X, {description})) stays beside the reference.
        const described = value.description;
        const own = (names.schema(name) as { description?: unknown } | undefined)?.description;
        if (typeof described === 'string' && described !== own) ref.description = described;
        return ref;
      }
    }
    return copyKeys(value, visit);
  };
  return visit(schema) as JsonSchema;
}

const EXAMPLE_TIME = '2025-03-14T09:26:53.000Z';
const EXAMPLE_ID_SUFFIX = '01jpb7k3q8m4x9v2c6n5t0r1wz';

/** Id prefixes (docs/decisions/0029-prefixed-ids-and-route-prefixes.md), by the noun a field or path names. */
const ID_PREFIXES: Record<string, string> = {
  organization: 'org',
  project: 'prj',
  opportunity: 'opp',
  submission: 'sub',
  applicant: 'sub',
  feasibility: 'fea',
  request: 'fea',
  subscription: 'whk',
  hook: 'whk',
  event: 'evt',
  participant: 'par',
  key: 'key',
};

export function exampleId(noun: string | undefined): string {
  const prefix = noun ? ID_PREFIXES[noun] : undefined;
  return `${prefix ?? 'id'}_${EXAMPLE_ID_SUFFIX}`;
}

/** "opportunityId", "opportunity_id" and "opportunities" all name an opportunity. */
export function nounOf(word: string): string {
  const base = word
    .replace(/(_id|Id)$/, '')
    .replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
    .split(/[_-]/)
    .filter(Boolean)
    .pop();
  if (!base) return word;
  if (base.endsWith('ies')) return `${base.slice(0, -3)}y`;
  if (base.endsWith('s') && !base.endsWith('ss')) return base.slice(0, -1);
  return base;
}

function exampleString(schema: JsonSchema, name: string | undefined, noun: string | undefined) {
  const format = schema.format;
  const lower = (name ?? '').toLowerCase();
  let text: string;
  if (format === 'date-time' || /(_at|At)$/.test(name ?? '')) text = EXAMPLE_TIME;
  else if (format === 'date' || lower === 'date') text = EXAMPLE_TIME.slice(0, 10);
  else if (format === 'email' || lower === 'email') text = 'alex.morgan@example.com';
  else if (format === 'uri' || format === 'url' || /url$/.test(lower))
    text = 'https://cohort.example.com/dashboard';
  else if (lower === 'id') text = exampleId(noun);
  else if (/(_id|Id)$/.test(name ?? '')) text = exampleId(nounOf(name ?? ''));
  else if (lower === 'currency') text = 'usd';
  else if (lower.endsWith('cursor')) text = 'WyJFeGFtcGxlIiwicHJqXzAxIl0';
  else if (lower.endsWith('slug')) text = 'example-3kq9';
  else if (lower === 'timezone') text = 'Europe/Berlin';
  else if (name) text = name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
  else text = 'text';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  if (text.length < min) text = text.padEnd(min, 'x');
  return text.slice(0, max);
}

function exampleNumber(schema: JsonSchema, name: string | undefined): number {
  const lower = (name ?? '').toLowerCase();
  let value = lower.endsWith('_cents') ? 4500 : lower === 'limit' ? 25 : 1;
  if (typeof schema.minimum === 'number' && value < schema.minimum) value = schema.minimum;
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum)
    value = schema.exclusiveMinimum + 1;
  if (typeof schema.maximum === 'number' && value > schema.maximum) value = schema.maximum;
  return value;
}

/**
 * A plausible instance of a (cleaned, inline) schema, for the document's examples. The schema's
 * own `examples`, `const`, `default` or `enum` win; otherwise the value follows the field's name
 * and format. Returns undefined when no valid instance comes out (a `pattern`, say): the schema
 * should then carry `examples` of its own. `requiredOnly` leaves optional fields out: a request
 * example is then the smallest body that passes, not every option at once.
 */
export function exampleOf(
  schema: JsonSchema,
  noun?: string,
  name?: string,
  options: { requiredOnly?: boolean } = {},
): unknown {
  const example = build(schema, name, noun, 0, options.requiredOnly ?? false);
  return example !== undefined && conforms(schema, example) ? example : undefined;
}

/** Whether a value is an instance of a cleaned, inline schema. */
export function conforms(schema: JsonSchema, value: unknown): boolean {
  return Value.Check(schema as never, value);
}

function build(
  schema: JsonSchema,
  name: string | undefined,
  noun: string | undefined,
  depth: number,
  requiredOnly: boolean,
): unknown {
  if (depth > 12) return undefined;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union)) {
    const preferred = union.find((member) => member.type !== 'null') ?? union[0];
    return preferred ? build(preferred, name, noun, depth + 1, requiredOnly) : null;
  }
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as JsonSchema[]).map((part) =>
      build(part, name, noun, depth + 1, requiredOnly),
    );
    return parts.every(isObject) ? Object.assign({}, ...parts) : parts[0];
  }
  const type = Array.isArray(schema.type)
    ? (schema.type.find((t) => t !== 'null') ?? 'null')
    : schema.type;
  switch (type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      const properties = isObject(schema.properties) ? schema.properties : {};
      const required = new Set(Array.isArray(schema.required) ? schema.required : []);
      for (const [key, child] of Object.entries(properties)) {
        if (!isObject(child) || (requiredOnly && !required.has(key))) continue;
        const value = build(child, key, noun, depth + 1, requiredOnly);
        if (value !== undefined) result[key] = value;
      }
      return result;
    }
    case 'array': {
      const items = isObject(schema.items) ? schema.items : {};
      const itemNoun = name ? nounOf(name) : noun;
      const item = build(
        items,
        undefined,
        itemNoun === 'data' ? noun : itemNoun,
        depth + 1,
        requiredOnly,
      );
      if (item === undefined) return [];
      const count = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1);
      return Array.from({ length: count }, () => item);
    }
    case 'string':
      return exampleString(schema, name, noun);
    case 'integer':
      return Math.round(exampleNumber(schema, name));
    case 'number':
      return exampleNumber(schema, name);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return type === undefined && Object.keys(schema).length === 0 ? {} : undefined;
  }
}
