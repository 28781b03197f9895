import type { Db } from '../db/database.ts';

/**
 * A change one feature makes that a feature above it must take part in, inside the same
 * transaction (docs/architecture.md, "Features in layers"): the lower feature declares and
 * publishes the event, the higher one subscribes, and the lower never imports the higher. The
 * composition (src/subscriptions.ts) makes every subscription once, before any request or job
 * runs. Publishing an event that nobody subscribed to is a wiring mistake, so it throws rather
 * than leave the change half made. Unlike the outbox (outbox.ts), nothing is stored: the
 * subscribers run now, in the publisher's transaction, and their writes commit or roll back with
 * it.
 */
export interface DomainEvent<Payload> {
  readonly name: string;
  subscribe(handler: (trx: Db, payload: Payload) => Promise<void>): void;
  publish(trx: Db, payload: Payload): Promise<void>;
}

export function domainEvent<Payload>(name: string): DomainEvent<Payload> {
  const handlers: ((trx: Db, payload: Payload) => Promise<void>)[] = [];
  return {
    name,
    subscribe(handler) {
      if (!handlers.includes(handler)) handlers.push(handler);
    },
    async publish(trx, payload) {
      if (handlers.length === 0) {
        throw new Error(`${name} has no subscriber: src/subscriptions.ts was not loaded`);
      }
      for (const handler of handlers) await handler(trx, payload);
    },
  };
}
