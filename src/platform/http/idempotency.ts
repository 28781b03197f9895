import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canonicalJson } from '../canonical-json.ts';
import { ConflictError, IdempotencyKeyReusedError, ValidationError } from '../errors.ts';
import type { AppContext } from './context.ts';
import { hookList } from './hook-list.ts';
import {
  completeIdempotencyKey,
  purgeExpiredIdempotencyKeys,
  releaseIdempotencyKey,
  reserveIdempotencyKey,
} from './idempotency-keys.store.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long a key and its saved answer are kept (docs/decisions/0045-idempotency-keys.md). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long an unanswered request holds its key. A process that dies mid-request leaves its key in
 * flight; after this a retry may run it again rather than wait out the 24 hours. A serving process
 * releases the keys of dead ones sooner (lease-holder.ts): at its start on the embedded database,
 * within seconds on PostgreSQL; this lease is the fallback.
 */
export const IDEMPOTENCY_LEASE_MS = 2 * 60 * 1000;
/** Expired keys are deleted by the first keyed POST after this much time, once per process. */
const PURGE_EVERY_MS = 10 * 60 * 1000;

interface IdempotentRequest {
  scope: string;
  key: string;
  fingerprint: string;
  reservationId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: IdempotentRequest | undefined;
  }
}

/** What a key stands for: the method, the path with its query, and the body as sent. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method}\n${url}\n${canonicalJson(body)}`)
    .digest('hex');
}

/** Whose keys these are: the API key, or the participant. Public routes have no scope. */
function scopeOf(request: FastifyRequest): string | undefined {
  return request.customer?.key.id ?? request.participant?.id;
}

function readKey(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  if (Array.isArray(header)) {
    throw new ValidationError('Send one Idempotency-Key header', [
      { message: 'headers.idempotency-key: sent more than once' },
    ]);
  }
  if (header.length < 1 || header.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new ValidationError('The Idempotency-Key header is invalid', [
      {
        message: `headers.idempotency-key: must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters, got ${header.length}`,
      },
    ]);
  }
  return header;
}

function replay(
  reply: FastifyReply,
  saved: { status: number; contentType: string | null; body: string },
) {
  return reply
    .code(saved.status)
    .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
    .type(saved.contentType ?? 'application/json; charset=utf-8')
    .send(saved.body);
}

/**
 * `Idempotency-Key` on every authenticated POST (docs/decisions/0045-idempotency-keys.md). The key
 * is read and the request fingerprinted before validation (so defaults filled in by the schema do
 * not count), taken just before the handler runs (so a request refused by validation holds
 * nothing), and answered in onSend, before the client can see the response: a retry never finds the
 * key still in flight after the answer arrived. 5xx answers release the key; every other answer is
 * saved.
 */
export function registerIdempotency(app: FastifyInstance, context: AppContext) {
  const { db } = context.database;
  let lastPurge = Number.NEGATIVE_INFINITY;
  app.decorateRequest('idempotency', undefined);

  const takeKey = async (request: FastifyRequest) => {
    const scope = scopeOf(request);
    if (!scope) return;
    const key = readKey(request);
    if (key === undefined) return;
    request.idempotency = {
      scope,
      key,
      fingerprint: requestFingerprint(request.method, request.url, request.body),
    };
  };

  const reserve = async (request: FastifyRequest, reply: FastifyReply) => {
    const pending = request.idempotency;
    if (!pending) return;
    // A route that collects schema problems itself (attachValidation, so one 400 lists them with
    // its own checks) reaches here with the body refused: it holds no key, like any other refusal.
    if (request.validationError) {
      request.idempotency = undefined;
      return;
    }
    const now = context.clock();
    if (now - lastPurge >= PURGE_EVERY_MS) {
      lastPurge = now;
      try {
        await purgeExpiredIdempotencyKeys(db, new Date(now).toISOString());
      } catch (error) {
        request.log.warn({ err: error }, 'purging expired idempotency keys failed');
      }
    }
    const reservation = await reserveIdempotencyKey(db, {
      scope: pending.scope,
      key: pending.key,
      fingerprint: pending.fingerprint,
      now: new Date(now).toISOString(),
      lockedUntil: new Date(now + IDEMPOTENCY_LEASE_MS).toISOString(),
      expiresAt: new Date(now + IDEMPOTENCY_TTL_MS).toISOString(),
      holder: context.leaseHolder.id,
    });
    switch (reservation.outcome) {
      case 'reserved':
        pending.reservationId = reservation.reservationId;
        return;
      case 'reused':
        throw new IdempotencyKeyReusedError(
          'This Idempotency-Key was already used for another request',
          [
            {
              message:
                'headers.idempotency-key: the same key was sent with a different method, path or body in the last 24 hours; use a new key for a new request',
            },
          ],
        );
      case 'in_flight':
        throw new ConflictError('A request with this Idempotency-Key is still in progress', [
          {
            message:
              'headers.idempotency-key: the first request with this key has not been answered yet; retry after it finishes to get its response',
          },
        ]);
      case 'completed':
        request.idempotency = undefined;
        return replay(reply, reservation);
    }
  };

  const save = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const held = request.idempotency;
    if (!held?.reservationId) return payload;
    request.idempotency = undefined;
    const reservation = { scope: held.scope, key: held.key, reservationId: held.reservationId };
    const body =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    try {
      if (reply.statusCode >= 500 || body === null) {
        await releaseIdempotencyKey(db, reservation);
      } else {
        const contentType = reply.getHeader('content-type');
        await completeIdempotencyKey(db, reservation, {
          status: reply.statusCode,
          contentType: typeof contentType === 'string' ? contentType : null,
          body,
        });
      }
    } catch (error) {
      // The answer already happened; the key's lease lets a retry run once it lapses.
      request.log.error({ err: error }, 'saving the idempotent response failed');
    }
    return payload;
  };

  // Only POST routes carry the hooks: every other request pays nothing for idempotency.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('POST')) return;
    route.preValidation = [...hookList(route.preValidation), takeKey];
    route.preHandler = [...hookList(route.preHandler), reserve];
    route.onSend = [...hookList(route.onSend), save];
  });
}
