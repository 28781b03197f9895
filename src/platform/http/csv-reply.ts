import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** The response schema of a CSV download, as OpenAPI shows it. */
export const CSV_RESPONSE = {
  description: 'CSV (RFC 4180, UTF-8, CRLF line ends), a header line first',
  content: { 'text/csv': { schema: { type: 'string' } } },
} as const;

/**
 * Streams an export: lines are written as they are produced, so a file of any length holds one
 * page of rows in memory, and a client that stops reading stops the reading of rows.
 */
export function sendCsv(
  reply: FastifyReply,
  csv: { filename: string; lines: AsyncIterable<string> },
) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${csv.filename.replace(/[^\w.-]/g, '_')}"`,
    )
    .header('cache-control', 'no-store')
    .send(Readable.from(csv.lines));
}
