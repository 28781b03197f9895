import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@cohort/sdk/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Resolver, sendWebhook } from './sender.ts';
import { deliveryHeaders } from './signature.ts';

const secret = 'whsec_sender_test';
const body = JSON.stringify({ id: 'evt_1', type: 'webhook.ping', created_at: 'now', data: {} });

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One receiver on loopback whose behaviour is chosen by path. */
let server: http.Server;
let base: string;
let port: number;
const received: Received[] = [];

function hits(path: string) {
  return received.filter((r) => r.path === path).length;
}

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? '/';
    received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString() });
    switch (path) {
      case '/ok': {
        const check = verifyWebhook({
          secret,
          headers: req.headers,
          rawBody: Buffer.concat(chunks),
        });
        res.writeHead(check.ok ? 204 : 400).end();
        return;
      }
      case '/redirect':
        res.writeHead(302, { Location: `${base}/redirected` }).end();
        return;
      case '/redirected':
        res.writeHead(200).end('followed');
        return;
      case '/gone':
        res.writeHead(410).end('gone');
        return;
      case '/busy':
        res.writeHead(429, { 'Retry-After': '7' }).end('slow down');
        return;
      case '/silent':
        return; // never answers
      case '/trickle':
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.write('partial');
        return; // never ends the body
      case '/huge': {
        // Endless: only a client that stops reading ends this response.
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        const chunk = Buffer.alloc(1024 * 1024, 'x');
        while (!res.destroyed) {
          if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
        }
        return;
      }
      default:
        res.writeHead(500).end('boom');
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
});

function send(path: string, options: Partial<Parameters<typeof sendWebhook>[0]> = {}) {
  const headers = deliveryHeaders({
    secret,
    eventId: 'evt_1',
    eventType: 'webhook.ping',
    rawBody: body,
  });
  return sendWebhook({ url: `${base}${path}`, headers, body, allowPrivate: true, ...options });
}

describe('sendWebhook against a loopback receiver', () => {
  it('delivers a signed body the receiver can verify', async () => {
    const result = await send('/ok');
    expect(result).toMatchObject({ status: 204, responseBody: '' });
    expect(result.error).toBeUndefined();
    const request = received.findLast((r) => r.path === '/ok')!;
    expect(request.body).toBe(body);
    expect(request.headers['x-service-event-id']).toBe('evt_1');
    expect(request.headers['x-service-event-type']).toBe('webhook.ping');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(request.headers['user-agent']).toMatch(/^Cohort-Webhooks/);
  });

  it('reports a redirect without following it', async () => {
    const before = hits('/redirected');
    const result = await send('/redirect');
    expect(result.status).toBe(302);
    expect(hits('/redirected')).toBe(before);
  });

  it('reports 410, 500 and the response body', async () => {
    expect(await send('/gone')).toMatchObject({ status: 410, responseBody: 'gone' });
    expect(await send('/anything-else')).toMatchObject({ status: 500, responseBody: 'boom' });
  });

  it('reports Retry-After on 429', async () => {
    expect(await send('/busy')).toMatchObject({ status: 429, retryAfter: '7' });
  });

  it('gives up on a receiver that never answers after the total timeout', async () => {
    const result = await send('/silent', { timeoutMs: 300 });
    expect(result.status).toBeUndefined();
    expect(result.error).toBe('timed out after 0.3 s');
    expect(result.durationMs).toBeGreaterThanOrEqual(250);
    expect(result.durationMs).toBeLessThan(3_000);
  });

  it('keeps the status of a response whose body never ends', async () => {
    const result = await send('/trickle', { timeoutMs: 300 });
    expect(result).toMatchObject({ status: 200, responseBody: 'partial' });
    expect(result.error).toBeUndefined();
  });

  it('reports a refused connection', async () => {
    const closed = http.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const freePort = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const result = await sendWebhook({
      url: `http://127.0.0.1:${freePort}/`,
      headers: {},
      body,
      allowPrivate: true,
    });
    expect(result).toMatchObject({ error: 'connection refused' });
    expect(result.status).toBeUndefined();
  });

  it('reads at most maxResponseBytes of an endless body and hangs up there', async () => {
    const result = await send('/huge', { timeoutMs: 5_000 });
    expect(result.status).toBe(200);
    expect(result.responseBody).toHaveLength(64 * 1024);
    expect(result.durationMs).toBeLessThan(2_000);
    const small = await send('/huge', { maxResponseBytes: 10, timeoutMs: 5_000 });
    expect(small.durationMs).toBeLessThan(2_000);
    expect(small.responseBody).toBe('xxxxxxxxxx');
  });

  it('speaks TLS to https targets, and reports a failed handshake', async () => {
    const result = await sendWebhook({
      url: `https://127.0.0.1:${port}/ok`,
      headers: {},
      body,
      allowPrivate: true,
    });
    expect(result.status).toBeUndefined();
    expect(result.error).toBe('TLS handshake failed (EPROTO)');
    const refused = await sendWebhook({
      url: `https://localhost:${port}/ok`,
      headers: {},
      body,
      allowPrivate: false,
    });
    expect(refused.error).toMatch(/^target host localhost resolves to a private/);
  });

  it('never throws, even for a nonsense URL', async () => {
    await expect(
      sendWebhook({ url: 'not a url', headers: {}, body, allowPrivate: true }),
    ).resolves.toMatchObject({ error: 'target URL is not valid' });
    await expect(
      sendWebhook({ url: 'ftp://127.0.0.1/', headers: {}, body, allowPrivate: true }),
    ).resolves.toMatchObject({ error: 'target URL must use https or http' });
  });
});

describe('sendWebhook address policy', () => {
  it('refuses a literal loopback address without connecting', async () => {
    const before = received.length;
    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '[::1]', '2130706433']) {
      const result = await sendWebhook({
        url: `http://${host}:${port}/ok`,
        headers: {},
        body,
        allowPrivate: false,
      });
      expect(result.status, host).toBeUndefined();
      expect(result.error, host).toMatch(/is private, loopback or reserved; refused$/);
    }
    expect(received.length).toBe(before);
  });

  it('refuses localhost at connect time, after resolving it', async () => {
    const before = received.length;
    const result = await sendWebhook({
      url: `http://localhost:${port}/ok`,
      headers: {},
      body,
      allowPrivate: false,
    });
    expect(result.status).toBeUndefined();
    expect(result.error).toBe(
      'target host localhost resolves to a private, loopback or reserved address; refused',
    );
    expect(received.length).toBe(before);
  });

  it('checks the address the name resolves to when connecting, so DNS rebinding fails', async () => {
    // A name that looked public when the subscription was made and now answers with loopback.
    const calls: string[] = [];
    const rebinding: Resolver = (hostname, _options, callback) => {
      calls.push(hostname);
      callback(null, [{ address: '127.0.0.1', family: 4 }]);
    };
    const before = received.length;
    const url = `http://hooks.example.test:${port}/ok`;
    const refused = await sendWebhook({
      url,
      headers: {},
      body,
      allowPrivate: false,
      resolve: rebinding,
    });
    expect(refused.error).toBe(
      'target host hooks.example.test resolves to a private, loopback or reserved address; refused',
    );
    expect(calls).toEqual(['hooks.example.test']);
    expect(received.length).toBe(before);

    // The same resolver is what the connection uses: allowed, it reaches the loopback receiver.
    const headers = deliveryHeaders({
      secret,
      eventId: 'evt_1',
      eventType: 'webhook.ping',
      rawBody: body,
    });
    const allowed = await sendWebhook({
      url,
      headers,
      body,
      allowPrivate: true,
      resolve: rebinding,
    });
    expect(allowed.status).toBe(204);
    expect(received.length).toBe(before + 1);
  });

  it('refuses a name when any of its addresses is forbidden', async () => {
    const mixed: Resolver = (_hostname, _options, callback) =>
      callback(null, [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.8', family: 4 },
      ]);
    const result = await sendWebhook({
      url: 'http://mixed.example.test/',
      headers: {},
      body,
      allowPrivate: false,
      resolve: mixed,
    });
    expect(result.error).toMatch(/^target host mixed\.example\.test resolves to a private/);
    expect(result.error).not.toContain('10.0.0.8');
  });

  it('reports a name that does not resolve', async () => {
    const nothing: Resolver = (hostname, _options, callback) =>
      callback(
        Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
        [],
      );
    const result = await sendWebhook({
      url: 'http://nowhere.example.test/',
      headers: {},
      body,
      allowPrivate: false,
      resolve: nothing,
    });
    expect(result.error).toBe('host name not found');
  });

  it('keeps a connection for the next delivery, and checks the address of every new one', async () => {
    let lookups = 0;
    const counting: Resolver = (_hostname, _options, callback) => {
      lookups++;
      callback(null, [{ address: '127.0.0.1', family: 4 }]);
    };
    const headers = deliveryHeaders({
      secret,
      eventId: 'evt_1',
      eventType: 'webhook.ping',
      rawBody: body,
    });
    const connections = new Set<unknown>();
    const onConnection = (socket: unknown) => connections.add(socket);
    server.on('connection', onConnection);
    try {
      const url = `http://kept.example.test:${port}/ok`;
      const send = (allowPrivate: boolean) =>
        sendWebhook({ url, headers, body, allowPrivate, resolve: counting });
      for (let i = 0; i < 3; i++) expect((await send(true)).status).toBe(204);
      expect(connections.size).toBe(1);
      expect(lookups).toBe(1);

      // The receiver hangs up: the next delivery opens a new connection, checked again.
      server.closeAllConnections();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await send(true)).status).toBe(204);
      expect(connections.size).toBe(2);
      expect(lookups).toBe(2);

      // A kept connection never serves a sender under the address policy: it connects anew.
      const refused = await send(false);
      expect(refused.refused).toBe(true);
      expect(lookups).toBe(3);
    } finally {
      server.off('connection', onConnection);
    }
  });
});
