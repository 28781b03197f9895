/**
 * JSON with object keys sorted at every depth, so two values with the same meaning have the same
 * text whatever order their keys came in. Used for idempotency fingerprints (a retried request
 * whose body lists its keys in another order is the same request) and to recognize OpenAPI schemas
 * by meaning. Like JSON.stringify, it drops undefined properties and writes undefined array items as
 * null; a Buffer (a raw request body) is written as its base64 string, and undefined alone as ''.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  if (Buffer.isBuffer(value)) return JSON.stringify(value.toString('base64'));
  if (Array.isArray(value)) {
    return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const entries = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}
