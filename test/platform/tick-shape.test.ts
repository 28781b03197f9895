import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepTickRecordShape, keptTickRecord } from '../../src/platform/http/tick-shape.ts';

const MODULE = path.resolve('src/platform/http/tick-shape.ts');

describe('the nextTick record shape', () => {
  it('is held by one live nextTick record', () => {
    keepTickRecordShape();
    const record = keptTickRecord() as { callback?: unknown } | undefined;
    expect(typeof record?.callback).toBe('function');
    keepTickRecordShape();
    expect(keptTickRecord()).toBe(record);
  });

  it('is still the shape of new records after the root transition table fills and garbage is collected', () => {
    // In a child with V8's natives syntax: fill the table the way the route compilers do, let no
    // other record live through a collection (as between two requests), then compare maps.
    const script = `
      import { createHook } from 'node:async_hooks';
      const { keepTickRecordShape, keptTickRecord } = await import(${JSON.stringify(MODULE)});
      keepTickRecordShape();
      const full = [];
      for (let i = 0; i < 3000; i++) { const one = {}; one['key' + i] = i; full.push(one); }
      await new Promise((resolve) => setTimeout(resolve, 10));
      globalThis.gc();
      const records = [];
      const hook = createHook({
        init(_id, type, _trigger, resource) { if (type === 'TickObject') records.push(resource); },
      });
      hook.enable();
      process.nextTick(() => {});
      process.nextTick(() => {});
      hook.disable();
      const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)');
      process.stdout.write(JSON.stringify([records.length, sameMap(keptTickRecord(), records[0]), sameMap(records[0], records[1])]));
    `;
    const output = execFileSync(
      process.execPath,
      ['--allow-natives-syntax', '--expose-gc', '--input-type=module', '--eval', script],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(output)).toEqual([2, true, true]);
  });
});
