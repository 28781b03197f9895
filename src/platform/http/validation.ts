import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyInstance } from 'fastify';

const SHARED_OPTIONS = {
  // Every problem in one 400, and unknown body fields are reported rather than dropped.
  allErrors: true,
  removeAdditional: false as const,
  useDefaults: true,
};

/**
 * Query strings and path parameters arrive as text, so they are coerced to the schema's types
 * (`limit=25` is a number). JSON bodies are not: coercion would quietly turn `null` into `""` and
 * `"5"` into 5, and a client that sends the wrong type should hear about it.
 */
export function registerValidators(app: FastifyInstance) {
  const build = AjvCompiler();
  const bodyValidator = build({}, { customOptions: { ...SHARED_OPTIONS, coerceTypes: false } });
  const inputValidator = build({}, { customOptions: { ...SHARED_OPTIONS, coerceTypes: 'array' } });
  app.setValidatorCompiler((route) =>
    route.httpPart === 'body' ? bodyValidator(route) : inputValidator(route),
  );
}
