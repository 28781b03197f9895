import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SHAPES, reuseResultShapes } from './pg-result-shapes.ts';

const require = createRequire(import.meta.url);
const types = require('pg-types') as {
  getTypeParser(oid: number, format: string): (value: unknown) => unknown;
};

interface Field {
  name: string;
  dataTypeID: number;
  format: string;
}

interface TestResult {
  addFields(fields: Field[]): void;
  parseRow(values: (string | null)[]): Record<string, unknown>;
  _types?: unknown;
}

/**
 * A copy of pg's Result of its own, loaded afresh: patching one copy leaves the others (and the one
 * pg-driver.ts patches) as pg made them, so an unpatched copy is pg's own addFields to compare with.
 */
function freshResult(): new () => TestResult {
  const path = require.resolve('pg/lib/result.js');
  delete require.cache[path];
  const Result = require(path) as new () => TestResult;
  delete require.cache[path];
  return Result;
}

/** Column names, some repeated, some that are Object.prototype's own names. */
const name = fc.constantFrom('id', 'name', 'value', '__proto__', 'constructor', 'toString', 'a b');
/** int4, text, bool, int8, json, timestamptz. */
const typeId = fc.constantFrom(23, 25, 16, 20, 114, 1184);
const sampleValue: Record<number, string> = {
  23: '42',
  25: 'some text',
  16: 't',
  20: '9007199254740991',
  114: '{"a":[1,2]}',
  1184: '2026-11-29 03:00:00+00',
};
const shape = fc.array(fc.record({ name, dataTypeID: typeId, format: fc.constant('text') }), {
  minLength: 0,
  maxLength: 8,
});
/** Each column's value, or null. */
const rowOf = (fields: readonly Field[]) =>
  fc.tuple(...fields.map((field) => fc.option(fc.constant(sampleValue[field.dataTypeID]!))));

describe('result shapes made once', () => {
  it('gives every row what pg itself gives it, over shapes met again and again', () => {
    const Plain = freshResult();
    const Reusing = freshResult();
    reuseResultShapes(Reusing);
    fc.assert(
      fc.property(
        fc.array(
          shape.chain((fields) =>
            fc.tuple(fc.constant(fields), fc.array(rowOf(fields), { maxLength: 3 })),
          ),
          { minLength: 1, maxLength: 12 },
        ),
        (sets) => {
          for (const [fields, rows] of sets) {
            // Each Result gets its own copies of the descriptions, as pg-protocol makes them.
            const plain = new Plain();
            plain.addFields(fields.map((field) => ({ ...field })));
            const reusing = new Reusing();
            reusing.addFields(fields.map((field) => ({ ...field })));
            for (const values of rows) {
              const expected = plain.parseRow(values);
              const actual = reusing.parseRow(values);
              expect(Object.getPrototypeOf(actual)).toBe(Object.getPrototypeOf(expected));
              expect(Reflect.ownKeys(actual)).toEqual(Reflect.ownKeys(expected));
              for (const key of Reflect.ownKeys(expected)) {
                expect(Reflect.get(actual, key)).toEqual(Reflect.get(expected, key));
              }
            }
          }
        },
      ),
    );
  });

  it('keeps one row from changing the next of its shape', () => {
    const Reusing = freshResult();
    reuseResultShapes(Reusing);
    const fields = [{ name: 'id', dataTypeID: 23, format: 'text' }];
    const first = new Reusing();
    first.addFields(fields);
    const row = first.parseRow(['1']);
    row.id = 99;
    row.extra = true;
    const second = new Reusing();
    second.addFields(fields);
    expect(second.parseRow(['2'])).toEqual({ id: 2 });
    expect(second.parseRow([null])).toEqual({ id: null });
  });

  it('reads each set of type parsers apart, and starts again past its bound', () => {
    const Reusing = freshResult();
    reuseResultShapes(Reusing);
    const fields = [{ name: 'n', dataTypeID: 23, format: 'text' }];
    const withTypes = (getTypeParser: (oid: number, format: string) => unknown) => {
      const result = new Reusing();
      result._types = { getTypeParser };
      result.addFields(fields);
      return result;
    };
    const doubled = withTypes(() => (value: string) => Number(value) * 2);
    const own = withTypes((oid, format) => types.getTypeParser(oid, format));
    expect(doubled.parseRow(['21'])).toEqual({ n: 42 });
    expect(own.parseRow(['21'])).toEqual({ n: 21 });

    // More shapes than are kept: the first is made again, and still right.
    for (let n = 0; n <= MAX_SHAPES; n++) {
      new Reusing().addFields([{ name: `c${n}`, dataTypeID: 25, format: 'text' }]);
    }
    const again = new Reusing();
    again.addFields([{ name: 'c0', dataTypeID: 25, format: 'text' }]);
    expect(again.parseRow(['x'])).toEqual({ c0: 'x' });
  });
});
