import { CohortApiError } from '@cohort/sdk';

/** What a tool answers: the MCP CallToolResult shape. */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The API's answer as JSON, after an optional line saying what matters in it. */
export function success(body: unknown, summary?: string): ToolResult {
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  return {
    content: [{ type: 'text', text: summary ? `${summary}\n\n${text}` : text }],
    ...(typeof body === 'object' && body !== null && !Array.isArray(body)
      ? { structuredContent: body as Record<string, unknown> }
      : {}),
  };
}

/**
 * A refusal the agent can act on: status, code, message, every issue the API listed, and the
 * body (a 402 carries finance_url, a page for people; a 429 says how long to wait).
 */
export function failure(status: number, body: unknown): ToolResult {
  const error = new CohortApiError(status, body);
  const lines = [`Cohort API answered ${status} ${error.code}: ${error.message}`];
  if (status === 429) lines.push('Wait the number of seconds given, then call the tool again.');
  if (status === 402) {
    lines.push('Nothing was charged. Credit is added by a person at finance_url (a web page).');
  }
  return {
    isError: true,
    content: [{ type: 'text', text: `${lines.join('\n')}\n\n${JSON.stringify(body, null, 2)}` }],
  };
}

export function problem(message: string): ToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

interface Priced {
  id?: string;
  title?: string;
  status?: string;
  num_participants?: number;
  pricing?: { cost_per_participant_cents: number; total_cost_cents: number } | null;
  funding?: {
    affordable: boolean;
    draws_on_credit: boolean;
    shortfall_cents: number;
    finance_url: string | null;
  };
}

/** One line on an opportunity's price and whether the balance covers it. */
export function opportunitySummary(opportunity: Priced, launched = false): string | undefined {
  const { pricing, funding } = opportunity;
  if (!pricing) return undefined;
  const price = `${dollars(pricing.cost_per_participant_cents)} per participant x ${opportunity.num_participants} = ${dollars(pricing.total_cost_cents)}`;
  if (launched) {
    return `Launched ${opportunity.id} (status ${opportunity.status}): charged ${price}.`;
  }
  if (opportunity.status !== 'draft' || !funding) {
    return `${opportunity.id} (status ${opportunity.status}): ${price}.`;
  }
  const cover = funding.affordable
    ? funding.draws_on_credit
      ? 'the balance covers it only by drawing on the overdraft (invoiced later)'
      : 'the balance covers it'
    : `the balance does not cover it: ${dollars(funding.shortfall_cents)} short; a person adds credit at funding.finance_url (a web page)`;
  return `Draft ${opportunity.id} priced at ${price}; ${cover}. Nothing is charged until launch_opportunity.`;
}
