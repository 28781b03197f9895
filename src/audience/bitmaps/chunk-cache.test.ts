import { describe, expect, it } from 'vitest';
import { ChunkCache } from './chunk-cache.ts';

describe('the chunk cache (docs/decisions/0190-audience-bitmaps.md)', () => {
  it('answers a chunk at the version it was read, and forgets it when the version moves', () => {
    const cache = new ChunkCache(1_000_000);
    const bits = new Uint8Array([1, 0]);
    cache.put('e', 0, 3, bits);
    cache.put('c:US', 0, 3, null);
    expect(cache.get('e', 0, 3)).toBe(bits);
    expect(cache.get('c:US', 0, 3)).toBeNull();
    expect(cache.get('e', 1, 3)).toBeUndefined();
    expect(cache.get('e', 0, 4)).toBeUndefined();
    expect(cache.get('e', 0, 3)).toBeUndefined();
  });

  it('stays within its bytes, forgetting the least recently used first', () => {
    const cache = new ChunkCache(3 * (8_192 + 80));
    const chunk = () => new Uint8Array(8_192);
    cache.put('a', 0, 1, chunk());
    cache.put('b', 0, 1, chunk());
    cache.put('c', 0, 1, chunk());
    expect(cache.get('a', 0, 1)).toBeDefined();
    cache.put('d', 0, 1, chunk());
    expect(cache.get('b', 0, 1)).toBeUndefined();
    expect(cache.get('a', 0, 1)).toBeDefined();
    expect(cache.get('c', 0, 1)).toBeDefined();
    expect(cache.get('d', 0, 1)).toBeDefined();
  });
});
