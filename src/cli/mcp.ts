import fs from 'node:fs';
import { createCohortClient } from '@cohort/sdk';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from '../mcp/index.ts';
import { UsageError } from './output.ts';

const { version } = JSON.parse(
  fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

/**
 * `cohort mcp`: an MCP server on stdin and stdout for an AI agent, acting through the HTTP API
 * at COHORT_URL with the API key COHORT_API_KEY. Stdout carries the protocol alone; anything
 * for a person goes to stderr.
 */
export async function mcpCommand(args: string[], env: NodeJS.ProcessEnv = process.env) {
  if (args.length > 0) throw new UsageError(`mcp takes no arguments (got ${args.join(' ')})`);
  const apiKey = env.COHORT_API_KEY;
  if (!apiKey) {
    throw new UsageError('COHORT_API_KEY is not set: give the MCP server an API key (ck_...)');
  }
  const baseUrl = env.COHORT_URL || 'http://localhost:8080';
  const cohort = createCohortClient({
    baseUrl,
    apiKey,
    headers: { 'user-agent': `cohort-mcp/${version}` },
    // A tool call should not hang for a minute: a longer Retry-After goes back to the agent.
    retry: { maxRetries: 2, maxWaitMs: 10_000 },
  });
  const server = createMcpServer(cohort, { version });
  const transport = new StdioServerTransport();
  await server.connect(transport);
  process.stderr.write(`cohort mcp: serving ${baseUrl} over stdio\n`);
  // The transport ends when the client closes stdin; the process then has nothing left to do.
  await new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
  });
  await server.close();
}
