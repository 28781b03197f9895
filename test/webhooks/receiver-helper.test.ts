import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, type WebhookEvent } from '@cohort/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryHeaders } from '../../src/webhooks/signature.ts';

/**
 * The receiver of docs/api/webhooks.md, run as written: the helper's public entry point on a real
 * socket.
 */
describe('the receiver helper (docs/api/webhooks.md)', () => {
  const secret = 'whsec_readme_example';
  const processed: WebhookEvent[] = [];
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    const seen = new Set<string>();
    server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const result = verifyWebhook({
        secret,
        headers: req.headers,
        rawBody: Buffer.concat(chunks),
        toleranceSeconds: 300,
      });
      if (!result.ok) {
        res.writeHead(400).end(result.reason);
        return;
      }
      res.writeHead(204).end();
      if (seen.has(result.event.id)) return;
      seen.add(result.event.id);
      processed.push(result.event);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cohort-hooks`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const body = JSON.stringify({
    id: 'evt_readme',
    type: 'submission.status.change',
    created_at: '2025-01-01T00:00:00.000Z',
    data: { submission_id: 'sub_1', previous_status: 'in_progress', status: 'awaiting_review' },
  });
  const post = (headers: Record<string, string>, raw = body) =>
    fetch(url, { method: 'POST', headers, body: raw });

  it('accepts a genuine delivery once, however often it arrives', async () => {
    const headers = deliveryHeaders({
      secret,
      eventId: 'evt_readme',
      eventType: 'submission.status.change',
      rawBody: body,
    });
    expect((await post(headers)).status).toBe(204);
    expect((await post(headers)).status).toBe(204);
    expect(processed.map((event) => event.id)).toEqual(['evt_readme']);
  });

  it('refuses another secret, an altered body and a stale timestamp', async () => {
    const wrong = deliveryHeaders({
      secret: 'whsec_other',
      eventId: 'e',
      eventType: 't',
      rawBody: body,
    });
    expect((await post(wrong)).status).toBe(400);
    const right = deliveryHeaders({ secret, eventId: 'e', eventType: 't', rawBody: body });
    const altered = await post(right, body.replace('awaiting_review', 'approved'));
    expect(altered.status).toBe(400);
    expect(await altered.text()).toBe('signature does not match');
    const stale = deliveryHeaders({
      secret,
      eventId: 'e',
      eventType: 't',
      rawBody: body,
      now: Date.now() - 10 * 60_000,
    });
    expect((await post(stale)).status).toBe(400);
  });
});
