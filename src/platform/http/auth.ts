import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import { hashSecret, PARTICIPANT_TOKEN_PREFIX } from '../credentials.ts';
import { type Awaitable, andThen, settle } from '../db/awaitable.ts';
import { rowMapper } from '../db/prepared.ts';
import {
  ForbiddenError,
  InsufficientAccessError,
  RateLimitedError,
  UnauthorizedError,
} from '../errors.ts';
import type {
  ApiKeyRole,
  AppContext,
  CustomerAuth,
  KeyWithOrganization,
  ParticipantRow,
  Permission,
} from './context.ts';
import { hookList } from './hook-list.ts';
import { type RateLimitState, secondsUntilQuiet } from './rate-limit.ts';

export const ROLE_PERMISSIONS: Record<ApiKeyRole, ReadonlySet<Permission>> = {
  owner: new Set(['read', 'write', 'admin']),
  member: new Set(['read', 'write']),
  viewer: new Set(['read']),
};

const unauthorized = (message: string) => new UnauthorizedError(message);

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** The API key of a customer request; throws the 401 of a missing or misplaced credential. */
function customerToken(request: FastifyRequest): string {
  const token = bearerToken(request);
  if (!token) {
    throw unauthorized(
      request.headers.authorization
        ? 'Malformed Authorization header: send "Authorization: Bearer <API_KEY>"'
        : 'Missing API key: include the header "Authorization: Bearer <API_KEY>"',
    );
  }
  if (token.startsWith(PARTICIPANT_TOKEN_PREFIX)) {
    throw unauthorized('Participant tokens are not accepted here: use an organization API key');
  }
  return token;
}

function authenticateCustomer(
  context: AppContext,
  request: FastifyRequest,
): Awaitable<CustomerAuth> {
  const hash = credentialHash(request, customerToken(request));
  return andThen(context.credentials.findKeyByHash(context.database.db, hash), acceptKey);
}

/**
 * The hash the credential is looked up by, worked out once per connection: a keep-alive client
 * sends the same Authorization header on every request, and hashing it (node:crypto's SHA-256 and
 * its hex string) was the largest single cost the project read added to bare node:http's
 * (docs/decisions/0144-credential-hash-per-connection.md). Only the hash is remembered across
 * requests, not the answer: every request still looks its key up, so a revoked key is refused on
 * its next request. The secret is held beside its hash for as long as the connection that sent it
 * is open, and with it goes (a WeakMap entry per socket).
 */
const hashesByConnection = new WeakMap<object, { secret: string; hash: string }>();

function credentialHash(request: FastifyRequest, secret: string): string {
  const connection = request.raw.socket;
  const known = hashesByConnection.get(connection);
  if (known && sameSecret(known.secret, secret)) return known.hash;
  const hash = hashSecret(secret);
  hashesByConnection.set(connection, { secret, hash });
  return hash;
}

/**
 * Compares every character whatever the first difference: behind a proxy that sends many clients'
 * requests over one connection, the secret remembered for it may be another client's, and `===`
 * stops at the first character that differs. The length is no secret (every key has the same).
 */
function sameSecret(remembered: string, sent: string): boolean {
  if (remembered.length !== sent.length) return false;
  let difference = 0;
  for (let i = 0; i < sent.length; i++) {
    difference |= remembered.charCodeAt(i) ^ sent.charCodeAt(i);
  }
  return difference === 0;
}

/**
 * PostgreSQL: the key found and the request counted in one statement (no fsync, one round trip per
 * batch of requests arriving together; CredentialLookups.findKeyAndCountRequest), then the same
 * checks as the two-step path.
 */
async function authenticateAndCount(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<CustomerAuth> {
  const lookup = context.credentials.findKeyAndCountRequest;
  if (!lookup) throw new Error('no combined key lookup');
  const hash = credentialHash(request, customerToken(request));
  const now = context.clock();
  const { found, counted, at } = await lookup(
    context.database.relaxed,
    hash,
    now,
    context.rateLimit,
  );
  const customer = acceptKey(found);
  if (counted) applyRateLimitDecision(context, reply, counted, at);
  // A key that expired between the statement and acceptKey's clock: counted the two-step way.
  else await enforceRateLimit(context, reply, customer.key.id);
  return customer;
}

function acceptKey(found: KeyWithOrganization | undefined): CustomerAuth {
  if (!found) throw unauthorized('Invalid API key');
  if (found.key.revoked_at) throw unauthorized('This API key has been revoked');
  if (found.key.expires_at && found.key.expires_at <= new Date().toISOString()) {
    throw unauthorized('This API key has expired');
  }
  if (found.organization.status !== 'active') {
    throw new ForbiddenError(`The organization owning this key is ${found.organization.status}`);
  }
  return asCustomer(found);
}

const asCustomer = rowMapper(
  (found: KeyWithOrganization): CustomerAuth => ({
    kind: 'customer',
    ...found,
  }),
);

function enforceRateLimit(context: AppContext, reply: FastifyReply, keyId: string) {
  const now = context.clock();
  return andThen(context.rateLimitStore.consume(keyId, now, context.rateLimit), (decision) =>
    applyRateLimitDecision(context, reply, decision, now),
  );
}

function applyRateLimitDecision(
  context: AppContext,
  reply: FastifyReply,
  { accepted, state }: { accepted: boolean; state: RateLimitState },
  now: number,
): void {
  const limit = context.rateLimit.limit;
  const resetSeconds = secondsUntilQuiet(state, now, context.rateLimit);
  const reset = String(resetSeconds);
  const remaining = String(accepted ? Math.max(0, limit - state.acceptedCount) : 0);
  // Set now, they stay on whatever answer this request ends with, errors included. One call per
  // header rather than reply.headers({...}): no object to build and walk on every request.
  reply
    .header('ratelimit-limit', String(limit))
    .header('ratelimit-remaining', remaining)
    .header('ratelimit-reset', reset);
  if (!accepted) {
    throw new RateLimitedError(resetSeconds);
  }
}

/** What a customer route needs when its config names nothing: reads `read`, writes `write`. */
function defaultPermission(route: RouteOptions): Permission {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.every((method) => method === 'GET' || method === 'HEAD') ? 'read' : 'write';
}

/**
 * Authenticates every route: customer routes (the default) take an API key, participant routes a
 * participant token, public routes nothing. For customers it then applies the per-key rate limit
 * and the role check. The order matters: a refused key is never counted, and a viewer's
 * write is counted like any other request.
 *
 * Each route gets its own hook, decided once when the route is registered, so a request does not
 * look its route's options up again (Fastify builds that object anew on every access).
 */
export function registerAuth(app: FastifyInstance, context: AppContext) {
  app.decorateRequest('customer', undefined);
  app.decorateRequest('participant', undefined);
  app.addHook('onRoute', (route) => {
    const auth = route.config?.auth ?? 'customer';
    if (auth === 'public') return;
    const hook =
      auth === 'participant'
        ? participantHook(context)
        : customerHook(context, route.config?.permission ?? defaultPermission(route));
    route.onRequest = [hook, ...hookList(route.onRequest)];
  });
}

/**
 * The hooks are callback-style so that on the embedded database, where the key lookup and the rate
 * limit answer synchronously, the request goes on to its handler in the same turn (see
 * src/platform/db/awaitable.ts); on PostgreSQL they wait for the queries as an async hook would.
 */
function customerHook(context: AppContext, permission: Permission): onRequestHookHandler {
  return (request, reply, done) => {
    settle(
      () => authorizeCustomer(context, request, reply, permission),
      (error, customer) => {
        request.customer = customer;
        done(error as Error | undefined);
      },
    );
  };
}

function authorizeCustomer(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  permission: Permission,
): Awaitable<CustomerAuth> {
  if (context.credentials.findKeyAndCountRequest && context.database.engine === 'postgres') {
    return andThen(authenticateAndCount(context, request, reply), (customer) =>
      checkPermission(customer, permission),
    );
  }
  return andThen(authenticateCustomer(context, request), (customer) =>
    andThen(enforceRateLimit(context, reply, customer.key.id), () =>
      checkPermission(customer, permission),
    ),
  );
}

function checkPermission(customer: CustomerAuth, permission: Permission): CustomerAuth {
  if (!ROLE_PERMISSIONS[customer.key.role].has(permission)) {
    throw new InsufficientAccessError('Insufficient access', [
      { message: `A ${customer.key.role} key cannot perform this operation` },
    ]);
  }
  return customer;
}

function participantHook(context: AppContext): onRequestHookHandler {
  return (request, _reply, done) => {
    settle(
      () => authenticateParticipant(context, request),
      (error, participant) => {
        request.participant = participant;
        done(error as Error | undefined);
      },
    );
  };
}

function authenticateParticipant(
  context: AppContext,
  request: FastifyRequest,
): Awaitable<ParticipantRow> {
  const token = bearerToken(request);
  if (!token) {
    throw unauthorized(
      'Missing participant token: include the header "Authorization: Bearer <pt_ token>"',
    );
  }
  if (!token.startsWith(PARTICIPANT_TOKEN_PREFIX)) {
    throw unauthorized('Organization API keys are not accepted here: use a participant token');
  }
  return andThen(
    context.credentials.findParticipantByTokenHash(
      context.database.db,
      credentialHash(request, token),
    ),
    acceptParticipant,
  );
}

function acceptParticipant(participant: ParticipantRow | undefined): ParticipantRow {
  if (!participant) throw unauthorized('Invalid participant token');
  if (participant.status !== 'active') {
    throw new ForbiddenError(`This participant account is ${participant.status}`);
  }
  return participant;
}

/** The authenticated participant of a participant route; the hook guarantees it is set. */
export function participantOf(request: FastifyRequest): ParticipantRow {
  if (!request.participant) throw new Error('participant route reached without authentication');
  return request.participant;
}

/** The authenticated customer of a customer route; the hook above guarantees it is set. */
export function customerOf(request: FastifyRequest): CustomerAuth {
  if (!request.customer) throw new Error('customer route reached without authentication');
  return request.customer;
}

declare module 'fastify' {
  interface FastifyRequest {
    participant: ParticipantRow | undefined;
  }
}
