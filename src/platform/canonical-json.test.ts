import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';

describe('canonicalJson', () => {
  it('sorts object keys at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[1,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('gives the same text for the same meaning, whatever the key order', () => {
    const schema = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] };
    const reordered = { required: ['id'], properties: { id: { type: 'string' } }, type: 'object' };
    expect(canonicalJson(reordered)).toBe(canonicalJson(schema));
  });

  it('reads like JSON.stringify for what JSON can hold', () => {
    const values = [null, 0, -1.5, 'a"b', true, [], {}, [null, 'x'], { a: [1, 2] }];
    for (const value of values) expect(JSON.parse(canonicalJson(value))).toEqual(value);
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(canonicalJson([undefined, 1])).toBe('[null,1]');
  });

  it('writes a raw body as base64 and no body as the empty string', () => {
    expect(canonicalJson(Buffer.from('hi'))).toBe('"aGk="');
    expect(canonicalJson(undefined)).toBe('');
  });
});
