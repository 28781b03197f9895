import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyInstance } from 'fastify';

type Serialize = (data: unknown) => string;

/**
 * Response serializers compiled by fast-json-stringify on their route's first answer with that
 * status, not at start: Fastify's default compiles one for every status of every route's response
 * schema while the routes are registered, and most processes never send most of them. Measured
 * with `npm run bench startup`: start 535-595 → 429-477 ms, resting memory 136-143 → 128-130 MiB
 * (docs/decisions/0122-start-up-work-deferred-to-first-use.md). The bytes
 * are those of Fastify's default compiler, which is this same one (no shared schemas are added, so
 * none are passed). A route with its own `serializerCompiler` (kept-json.ts) keeps it.
 */
export function registerSerializers(app: FastifyInstance) {
  const compile = SerializerSelector()({}, {});
  app.setSerializerCompiler((route) => {
    let compiled: Serialize | undefined;
    return (data: unknown) => {
      compiled ??= compile(route as Parameters<typeof compile>[0]);
      return compiled(data);
    };
  });
}
