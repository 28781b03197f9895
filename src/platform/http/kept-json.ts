/**
 * Response serializers for answers that are kept between requests. A frozen answer is one built
 * once from rows the embedded database's reader hands out again until the database changes
 * (`rowMapper` and `keptPerSource`, src/platform/db/prepared.ts), so its JSON is written once and
 * kept beside it; anything else (every answer on PostgreSQL) is serialized as it comes. With
 * `keptPerSource`, server CPU per request (`node bench/cpu-per-request.ts`, four runs each): the
 * project list 29-34 → 17-22 µs, the opportunity list 33-36 → 18-19 µs, the opportunity read
 * 37-39 → 18-22 µs, the project read 18-21 → 17-19 µs
 * (docs/decisions/0124-answers-kept-with-the-rows-they-come-from.md).
 *
 * Serializers here use JSON.stringify, not the schema-compiled fast-json-stringify, so a route
 * that uses them must answer with a view that holds only its schema's properties, in the schema's
 * order: then the bytes are the same (test/projects/projects.test.ts checks them for projects).
 */
export function keptJson(serialize: (data: unknown) => string): (data: unknown) => string {
  const kept = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return serialize(data);
    let json = kept.get(data);
    if (json === undefined) {
      json = serialize(data);
      kept.set(data, json);
    }
    return json;
  };
}

const stringify = (data: unknown) => JSON.stringify(data);

/**
 * A route's `serializerCompiler`: JSON.stringify for every status, its 200 kept as above. Each
 * route and status gets its own store, as one object may be written differently by two routes.
 */
export const keptJsonCompiler = ({ httpStatus }: { httpStatus?: string }) =>
  httpStatus === '200' ? keptJson(stringify) : stringify;
