import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger } from './request-logger.ts';

/** A Fastify app whose pino logger writes JSON lines into an array and counts its children. */
function appWithLog(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  let children = 0;
  const child = logger.child;
  logger.child = function (this: typeof logger, ...args: Parameters<typeof child>) {
    children++;
    return child.apply(this, args);
  } as typeof child;
  const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyRequestLogger });
  app.get('/quiet', async (request) => {
    request.log.info('not written at warn');
    request.log.debug({ detail: 1 }, 'nor this');
    return { ok: true };
  });
  app.get('/warns', async (request) => {
    request.log.warn({ detail: 1 }, 'something odd');
    request.log.child({ part: 'inner' }).error('from a child');
    return { ok: true };
  });
  app.get('/route-level', { logLevel: 'debug' }, async (request) => {
    request.log.debug('route asked for debug');
    return { ok: true };
  });
  return { app, lines, children: () => children };
}

describe('the lazy request logger', () => {
  it('makes no child logger for a request that writes nothing at an enabled level', async () => {
    const { app, lines, children } = appWithLog('warn');
    await app.ready();
    const atStart = children();
    for (let i = 0; i < 3; i++) {
      expect((await app.inject({ url: '/quiet' })).statusCode).toBe(200);
    }
    expect(children()).toBe(atStart);
    expect(lines).toEqual([]);
  });

  it('writes enabled lines with the request id bound, children included', async () => {
    const { app, lines } = appWithLog('warn');
    await app.inject({ url: '/warns', headers: { 'request-id': 'ignored' } });
    expect(
      lines.map(({ level, msg, reqId, detail, part }) => ({ level, msg, reqId, detail, part })),
    ).toEqual([
      { level: 40, msg: 'something odd', reqId: 'req-1', detail: 1, part: undefined },
      { level: 50, msg: 'from a child', reqId: 'req-1', detail: undefined, part: 'inner' },
    ]);
  });

  it("carries Fastify's own request lines at info, each with its request id", async () => {
    const { app, lines } = appWithLog('info');
    await app.inject({ url: '/quiet' });
    await app.inject({ url: '/quiet' });
    expect(lines.map(({ msg, reqId }) => [msg, reqId])).toEqual([
      ['incoming request', 'req-1'],
      ['not written at warn', 'req-1'],
      ['request completed', 'req-1'],
      ['incoming request', 'req-2'],
      ['not written at warn', 'req-2'],
      ['request completed', 'req-2'],
    ]);
  });

  it("reports the parent's level, and a route's own level still applies", async () => {
    const { app, lines } = appWithLog('warn');
    app.get('/level', async (request) => ({ level: request.log.level }));
    expect((await app.inject({ url: '/level' })).json()).toEqual({ level: 'warn' });
    await app.inject({ url: '/route-level' });
    expect(lines.map(({ msg }) => msg)).toEqual([
      'incoming request',
      'route asked for debug',
      'request completed',
    ]);
  });
});
