import { Type } from 'typebox';
import { customerOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import type { App } from '../platform/http/types.ts';
import { renderBriefing } from './briefing.ts';
import { opportunityStatusCounts, projectOverview } from './overview.ts';

const OrganizationContext = Type.Object({
  markdown: Type.String(),
  organization: Type.Object({ id: Type.String(), name: Type.String(), slug: Type.String() }),
  balance: Type.Object({
    balance_cents: Type.Integer(),
    overdraft_limit_cents: Type.Integer(),
    currency: Type.Literal('usd'),
    finance_url: Type.String(),
  }),
  links: Type.Object({
    dashboard: Type.String(),
    projects: Type.String(),
    finance: Type.String(),
  }),
});

const BRIEFING_PROJECT_LIMIT = 50;

export function briefingRoutes(app: App, { database, config }: AppContext) {
  const { db } = database;
  app.get(
    '/organization',
    {
      schema: {
        tags: ['Organization'],
        summary: 'The organization briefing: markdown plus identity, balance and links',
        description:
          'Send `Accept: text/markdown` for the markdown alone. Links are pages for people.',
        response: { 200: OrganizationContext, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const { organization } = customerOf(request);
      const dashboard = `${config.publicUrl}/dashboard`;
      const links = {
        dashboard,
        projects: `${dashboard}/projects`,
        finance: `${dashboard}/finance`,
      };
      const [overview, counts] = await Promise.all([
        projectOverview(db, organization.id, BRIEFING_PROJECT_LIMIT),
        opportunityStatusCounts(db, organization.id),
      ]);
      const identity = { id: organization.id, name: organization.name, slug: organization.slug };
      const balance = {
        balance_cents: organization.balance_cents,
        overdraft_limit_cents: organization.overdraft_limit_cents,
        currency: 'usd' as const,
        finance_url: links.finance,
      };
      const markdown = renderBriefing({
        organization: identity,
        balance,
        links,
        projects: overview.projects,
        moreProjects: overview.more,
        opportunityCounts: counts,
        apiBaseUrl: `${config.publicUrl}/v2`,
      });
      if (prefersMarkdown(request.headers.accept)) {
        return reply
          .type('text/markdown; charset=utf-8')
          .serializer((payload) => payload as string)
          .send(markdown as never);
      }
      return { markdown, organization: identity, balance, links };
    },
  );
}

function prefersMarkdown(accept: string | undefined): boolean {
  if (!accept) return false;
  const markdown = accept.indexOf('text/markdown');
  if (markdown < 0) return false;
  const json = accept.indexOf('application/json');
  return json < 0 || markdown < json;
}
