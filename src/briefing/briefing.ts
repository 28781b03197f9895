import type { ProjectOverview } from './overview.ts';

export interface BriefingInput {
  organization: { id: string; name: string; slug: string };
  balance: {
    balance_cents: number;
    overdraft_limit_cents: number;
    currency: 'usd';
    finance_url: string;
  };
  links: { dashboard: string; projects: string; finance: string };
  projects: ProjectOverview[];
  moreProjects: boolean;
  opportunityCounts: { status: string; count: number }[];
  apiBaseUrl: string;
}

const dollars = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/**
 * The organization briefing (docs/api/projects.md): written for an AI
 * agent or a person starting work with this organization, so it says what exists, what money is
 * available, and how to operate the API.
 */
export function renderBriefing(input: BriefingInput): string {
  const { organization, balance, links } = input;
  const available = balance.balance_cents + balance.overdraft_limit_cents;
  const counts = input.opportunityCounts.filter((c) => c.count > 0);
  const lines: string[] = [
    `# ${organization.name}`,
    '',
    '## Identity',
    '',
    `- Organization id: \`${organization.id}\``,
    `- Slug: \`${organization.slug}\``,
    `- API base URL: ${input.apiBaseUrl}`,
    '',
    '## Balance',
    '',
    `- Balance: ${dollars(balance.balance_cents)} (${balance.balance_cents} cents, ${balance.currency.toUpperCase()})`,
    `- Overdraft limit: ${dollars(balance.overdraft_limit_cents)}`,
    `- Available to spend on launches: ${dollars(available)}`,
    `- Add credit: ${balance.finance_url} (a page for people; credit is added by an operator)`,
    '',
    '## Dashboard links (pages for people, not API paths)',
    '',
    `- Home: ${links.dashboard}`,
    `- Projects: ${links.projects}`,
    `- Finance: ${links.finance}`,
    '',
    '## Projects',
    '',
  ];
  if (input.projects.length === 0) {
    lines.push('No projects yet. Create one with `POST /projects {"name": "..."}`.');
  } else {
    lines.push('| Project | Id | Opportunities |', '|---|---|---|');
    for (const project of input.projects) {
      lines.push(
        `| ${escapeCell(project.name)} | \`${project.id}\` | ${project.opportunity_count} |`,
      );
    }
    if (input.moreProjects) lines.push('', 'More projects exist: page through `GET /projects`.');
  }
  lines.push('', '## Opportunities by status', '');
  if (counts.length === 0) {
    lines.push('No opportunities yet.');
  } else {
    for (const { status, count } of counts) lines.push(`- ${status}: ${count}`);
  }
  lines.push(
    '',
    '## Operating guide',
    '',
    '1. File every study under a project: `POST /projects`, then use its `id` as `project_id`.',
    '2. Describe the audience with `filters`: read the catalog at `GET /filters` and option ids at',
    '   `GET /filters/{slug}/options?search=...`. Send option ids, never names.',
    '3. Optionally ask for a firm price first: `POST /feasibility/requests`, poll',
    '   `GET /feasibility/requests/{id}` until `RESPONDED`, then pass `feasibility_request_id`.',
    '4. `POST /opportunities` creates a draft and prices it; read `pricing` and `funding` on the',
    '   response. Nothing is charged until `POST /opportunities/{id}/launch`.',
    '5. Review work: `GET /opportunities/{id}/applicants` (invite or decline),',
    '   `GET /opportunities/{id}/submissions?status=awaiting_review` (approve with body `{}` or',
    '   reject with a `rejection_category` and `rejection_reason`). Approval pays the participant.',
    '6. For totals read `submission_stats` on the opportunity rather than counting pages.',
    '7. Lists are cursor-paginated: pass `pagination.next_cursor` back as `cursor` while',
    '   `has_more` is true.',
    '8. Send an `Idempotency-Key` header on every POST you may retry; a retry then never charges or',
    '   creates twice.',
    '9. Each key may make 100 requests; after that every request is refused with 429 until more',
    '   than 60 seconds pass without an accepted request. Wait the `Retry-After` seconds.',
    '10. Values named `dashboard_url` or `links.dashboard` are pages for people: show them to a',
    '    person, do not call them. `links.self`, `links.launch` and `links.submissions` are API paths.',
    '11. Money beyond one approval moves at once, from this balance: `POST /opportunities/{id}/bonuses`',
    '    pays bonuses (plus any platform fee) all or none, and `POST /opportunities/{id}/payout-runs`',
    '    pays the approved hours or tasks of hourly and per-task studies (an operator sets how a study',
    '    pays). Confirm amounts with a person, send an `Idempotency-Key`, and expect 402 with the',
    '    finance page when the balance plus overdraft falls short. `GET /audit-events` shows who paid.',
    '12. Write to participants with `POST /submissions/{id}/messages` (plain text; they are emailed)',
    '    or `POST /opportunities/{id}/messages` for many; their replies arrive as the',
    '    `message.received` webhook event. Keep people to invite back in `POST /participant-groups`',
    '    and filter on them with `reference--include_groups` or `reference--exclude_groups`.',
    '13. Recruit by mail once a study is active: `POST /opportunities/{id}/invitations` with',
    '    `{"count": N}` invites a random sample of the participants eligible now (or',
    '    `{"participant_ids": [...]}` those people), in their language, never anyone twice. It costs',
    '    nothing but sends mail to real people: confirm the count with a person. An `outreach` plan on',
    '    the opportunity invites in waves by itself. Target by record with `integer--approval_rate`',
    '    and `integer--approved_submissions`; `GET /opportunities/{id}/invitations` shows who applied.',
    '',
    '## Description policies',
    '',
    '- Describe the task truthfully: what participants will do, for how long, and what is recorded.',
    '- Never ask participants for passwords, payment details or government identifiers, and never',
    '  ask them to install software that is not needed for the study.',
    '- Do not ask for contact details in the screener; identity is shared only as this organization',
    '  is configured to receive it.',
    '- State the estimated duration honestly: pay is priced from it, and studies that run far longer',
    '  than stated are rejected by participants and reviewers.',
    '- Reject work only for a reason in the rejection categories, and say why in',
    '  `rejection_reason`: it is the only record of why work went unpaid.',
    '- No deception beyond what an ethics board approved; debrief where deception was used.',
  );
  return `${lines.join('\n')}\n`;
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
