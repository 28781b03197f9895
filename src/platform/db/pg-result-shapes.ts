/**
 * pg's Result makes, for every set of rows a statement returns, the parser of each column and an
 * empty row to copy for each row (`addFields`). It builds that empty row as a dictionary object and
 * spreads it, which measured 0.6 µs a column: 34 µs for the 60 columns of an opportunity, and 5 %
 * of a `serve` process's CPU under the applications of `npm run bench scale-out` on PostgreSQL
 * (docs/decisions/0199-result-shapes-made-once.md). A process meets few shapes, the same ones over
 * and over, so each is made once here and handed to every later Result of that shape.
 */

/** What addFields reads of a column's description (pg-protocol's Field). */
interface FieldLike {
  name: string;
  dataTypeID: number;
  format?: string;
}

/** What addFields sets on a Result, and the type parsers it reads them from. */
interface ResultLike {
  fields: readonly FieldLike[];
  _parsers: unknown[] | undefined;
  _prebuiltEmptyResultObject: object | null;
  _types: object | undefined;
}

interface ResultClass {
  prototype: { addFields(fields: FieldLike[]): void };
}

interface Shape {
  parsers: unknown[] | undefined;
  empty: object | null;
}

/**
 * Shapes by their columns, one column a step: a step's key is the column's name, then its type (a
 * binary one as -1 - type). Walking it costs two map reads a column (1.4 µs for 60 columns), where
 * a key made of the names and types as one string cost 15 µs.
 */
interface Step {
  byName: Map<string, Map<number, Step>>;
  shape?: Shape;
}

interface Shapes {
  root: Step;
  count: number;
}

/** Shapes kept per set of type parsers; past this many the set starts again. */
export const MAX_SHAPES = 1000;

const patched = new WeakSet<ResultClass>();

/**
 * Makes `Result`'s addFields reuse what it made for an earlier Result of the same shape: the same
 * column names, types and formats, read through the same type parsers (a client's TypeOverrides,
 * or pg's own when a Result has none). Parsers are looked up once per shape, so a parser set later
 * for a type already met is not seen: this process sets its one (int8, pg-driver.ts) before any
 * query. What a Result ends up with is what pg would have made: its rows are equal, field for field
 * (pg-result-shapes.test.ts). A shape is shared read-only: pg never changes either once made.
 */
export function reuseResultShapes(Result: ResultClass): void {
  if (patched.has(Result)) return;
  patched.add(Result);
  const make = Result.prototype.addFields;
  const byParsers = new WeakMap<object, Shapes>();
  const untyped = {};
  Result.prototype.addFields = function addFields(this: ResultLike, fields: FieldLike[]) {
    if (fields.length === 0) return make.call(this, fields);
    const parsersOwner = this._types ?? untyped;
    let shapes = byParsers.get(parsersOwner);
    if (!shapes || shapes.count >= MAX_SHAPES) {
      shapes = { root: { byName: new Map() }, count: 0 };
      byParsers.set(parsersOwner, shapes);
    }
    let step = shapes.root;
    for (const field of fields) {
      let byType = step.byName.get(field.name);
      if (!byType) {
        byType = new Map();
        step.byName.set(field.name, byType);
      }
      const type = field.format === 'binary' ? -1 - field.dataTypeID : field.dataTypeID;
      let next = byType.get(type);
      if (!next) {
        next = { byName: new Map() };
        byType.set(type, next);
      }
      step = next;
    }
    if (step.shape) {
      this.fields = fields;
      this._parsers = step.shape.parsers;
      this._prebuiltEmptyResultObject = step.shape.empty;
      return;
    }
    make.call(this, fields);
    step.shape = { parsers: this._parsers, empty: this._prebuiltEmptyResultObject };
    shapes.count++;
  };
}
