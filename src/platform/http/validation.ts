import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';

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
    compiledOnFirstUse(() =>
      route.httpPart === 'body' ? bodyValidator(route) : inputValidator(route),
    ),
  );
}

type Validate = ReturnType<FastifySchemaCompiler<unknown>>;

/**
 * A validator compiled by Ajv on its first request rather than at start: compiling the ~200
 * schemas of every route took ~350 ms of the start
 * (docs/decisions/0122-start-up-work-deferred-to-first-use.md), and most processes never see most
 * routes. Fastify reads `errors` off the function it called, so they are copied over after each
 * call.
 */
function compiledOnFirstUse(compile: () => Validate): Validate {
  let compiled: Validate | undefined;
  const validate: Validate = (data: unknown) => {
    compiled ??= compile();
    const result = compiled(data);
    validate.errors = compiled.errors;
    return result;
  };
  return validate;
}

export interface AjvIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

export function describeValidationIssue(context: string | undefined, issue: AjvIssue): string {
  const where = [context, ...(issue.instancePath ?? '').split('/').filter(Boolean)]
    .filter(Boolean)
    .join('.');
  if (issue.keyword === 'additionalProperties' && issue.params?.additionalProperty) {
    return `${where ? `${where}.` : ''}${String(issue.params.additionalProperty)}: unknown field`;
  }
  if (issue.keyword === 'required' && issue.params?.missingProperty) {
    return `${where ? `${where}.` : ''}${String(issue.params.missingProperty)}: is required`;
  }
  return `${where || 'request'}: ${issue.message ?? 'is invalid'}`;
}
