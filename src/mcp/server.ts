import { type CohortClient, CohortTimeoutError } from '@cohort/sdk';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { type OperationInput, operationInput } from './document.ts';
import { failure, opportunitySummary, problem, success, type ToolResult } from './format.ts';
import { LINKS_NOTE, TOOLS, type ToolDefinition } from './tools.ts';

export const BRIEFING_URI = 'cohort://organization/briefing';

export const INSTRUCTIONS = `Cohort recruits research participants for an organization and pays them for accepted work.
A usual session: read the organization briefing (resource ${BRIEFING_URI}, or get_organization_briefing) for the balance, projects and policies; pick or create a project; find audience filters with list_filters and search_filter_options (filters take option ids, never names); optionally get a firm price with create_feasibility_request and get_feasibility_request; create_draft_opportunity shows the price and whether the balance covers it; launch_opportunity charges it and starts recruiting (confirm with the user first); then decide on applicants (list_applicants, invite_applicant, decline_applicant), review work (list_submissions, approve_submission, reject_submission) and read hours (get_hours).
Money beyond one approval: pay_bonuses and create_payout_run (hourly and per-task studies) charge the balance at once, so confirm amounts with the user and pass an idempotency_key; write to participants with send_message and send_bulk_message; keep people to invite back with the participant group tools; list_audit_events shows who moved money.
Lists are paginated: pass pagination.next_cursor back as cursor while pagination.has_more is true.
${LINKS_NOTE} \`links.self\`, \`links.launch\` and \`links.submissions\` are API paths, which these tools already cover.`;

interface BuiltTool {
  definition: ToolDefinition;
  input: OperationInput;
  listing: {
    name: string;
    title: string;
    description: string;
    inputSchema: OperationInput['inputSchema'];
    annotations: Record<string, unknown>;
  };
}

function build(definition: ToolDefinition): BuiltTool {
  const input = operationInput(definition.operationId);
  const properties = { ...input.inputSchema.properties };
  for (const [name, description] of Object.entries(definition.argumentDescriptions ?? {})) {
    if (properties[name] && !properties[name].description) {
      properties[name] = { ...properties[name], description };
    }
  }
  Object.assign(properties, definition.extraArguments ?? {});
  const required = [...new Set([...input.inputSchema.required, ...(definition.required ?? [])])];
  return {
    definition,
    input,
    listing: {
      name: definition.name,
      title: definition.title,
      description: definition.links
        ? `${definition.description}\n\n${LINKS_NOTE}`
        : definition.description,
      inputSchema: { type: 'object', properties, required },
      annotations: {
        title: definition.title,
        readOnlyHint: definition.readOnly ?? false,
        destructiveHint: definition.destructive ?? false,
        idempotentHint: definition.readOnly ?? false,
        // Cohort is the one system these tools reach.
        openWorldHint: false,
      },
    },
  };
}

type LooseRequest = (
  method: string,
  path: string,
  init: Record<string, unknown>,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * The MCP server over a Cohort client: every tool call is one or a few API requests made with the
 * caller's API key, so the API's own validation, access rules and rate limit apply unchanged.
 */
export function createMcpServer(cohort: CohortClient, options: { version: string }): Server {
  const tools = new Map(TOOLS.map((definition) => [definition.name, build(definition)]));
  const request = cohort.request as unknown as LooseRequest;

  const server = new Server(
    { name: 'cohort', title: 'Cohort', version: options.version },
    { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS },
  );

  async function readBriefing(): Promise<
    { ok: true; markdown: string } | { ok: false; result: ToolResult }
  > {
    const { data, error, response } = await request('GET', '/organization', {
      headers: { accept: 'text/markdown' },
      parseAs: 'text',
    });
    if (error !== undefined || typeof data !== 'string') {
      let body: unknown = error;
      try {
        body = JSON.parse(String(error));
      } catch {}
      return { ok: false, result: failure(response.status, body) };
    }
    return { ok: true, markdown: data };
  }

  async function call(tool: BuiltTool, args: Record<string, unknown>): Promise<ToolResult> {
    const { definition, input } = tool;
    if (definition.name === 'get_organization_briefing') {
      const briefing = await readBriefing();
      return briefing.ok ? success(briefing.markdown) : briefing.result;
    }
    const path: Record<string, unknown> = {};
    const query: Record<string, unknown> = {};
    const body: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(args)) {
      if (definition.extraArguments?.[name]) continue;
      if (input.pathParameters.includes(name)) path[name] = value;
      else if (input.queryParameters.includes(name)) query[name] = value;
      else body[name] = value;
    }
    const missing = input.pathParameters.filter(
      (name) => typeof path[name] !== 'string' || path[name] === '',
    );
    if (missing.length > 0) return problem(`Missing argument: ${missing.join(', ')}.`);
    if (!input.hasBody && Object.keys(body).length > 0) {
      return problem(
        `Unknown argument${Object.keys(body).length > 1 ? 's' : ''}: ${Object.keys(body).join(', ')}. This tool takes ${Object.keys(tool.listing.inputSchema.properties).join(', ') || 'no arguments'}.`,
      );
    }

    if (definition.name === 'get_feasibility_request' && Number(args.wait_seconds) > 0) {
      try {
        const read = await cohort.waitForFeasibility(String(path.requestId), {
          timeoutMs: Math.min(Number(args.wait_seconds), 50) * 1000,
        });
        return success(read);
      } catch (error) {
        if (error instanceof CohortTimeoutError) {
          return success(error.last, 'Still RECEIVED after the wait: call again later.');
        }
        const status = (error as { status?: number }).status;
        if (typeof status === 'number') return failure(status, (error as { body: unknown }).body);
        throw error;
      }
    }

    // Tools that move money take the API's Idempotency-Key as an argument of their own.
    const idempotencyKey =
      definition.extraArguments?.idempotency_key && typeof args.idempotency_key === 'string'
        ? args.idempotency_key
        : undefined;
    const { data, error, response } = await request(input.method.toUpperCase(), input.path, {
      params: { path, query },
      ...(input.hasBody ? { body } : {}),
      ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
    });
    if (error !== undefined) return failure(response.status, error);
    if (definition.name === 'create_draft_opportunity' || definition.name === 'get_opportunity') {
      return success(data, opportunitySummary(data as never));
    }
    if (definition.name === 'launch_opportunity') {
      return success(data, opportunitySummary(data as never, true));
    }
    return success(data ?? {});
  }

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...tools.values()].map((tool) => tool.listing),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (message) => {
    const tool = tools.get(message.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${message.params.name}`);
    try {
      return await call(tool, message.params.arguments ?? {});
    } catch (error) {
      // The API could not be reached (or answered something unreadable): say so, as a tool error.
      return problem(`Could not complete ${tool.definition.name}: ${(error as Error).message}`);
    }
  });

  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: [
      {
        uri: BRIEFING_URI,
        name: 'organization-briefing',
        title: 'Organization briefing',
        description:
          'Identity, balance and where to add credit, dashboard links (pages for people), projects, opportunity counts, operating guide and description policies.',
        mimeType: 'text/markdown',
      },
    ],
  }));

  server.setRequestHandler(ReadResourceRequestSchema, async (message) => {
    if (message.params.uri !== BRIEFING_URI) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${message.params.uri}`);
    }
    const briefing = await readBriefing();
    if (!briefing.ok) {
      throw new McpError(ErrorCode.InternalError, briefing.result.content[0]!.text);
    }
    return {
      contents: [{ uri: BRIEFING_URI, mimeType: 'text/markdown', text: briefing.markdown }],
    };
  });

  return server;
}
