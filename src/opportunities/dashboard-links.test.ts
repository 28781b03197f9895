import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dashboardLinks } from './dashboard-links.ts';
import { OPPORTUNITY_STATUSES } from './opportunity-status.ts';

const base = {
  publicUrl: 'https://cohort.example/',
  organizationSlug: 'acme-1a2b',
  projectId: 'prj_1',
  opportunityId: 'opp_1',
};

describe('dashboardLinks', () => {
  it('opens the builder for a draft and nothing else', () => {
    expect(dashboardLinks({ ...base, status: 'draft' })).toEqual({
      study: 'https://cohort.example/dashboard/studies/opp_1/builder',
      draft_editor: 'https://cohort.example/dashboard/studies/opp_1/builder',
      submissions: null,
      recruitment: null,
      task: null,
      settings: null,
    });
  });

  it('opens submissions for a launched study, with its working pages', () => {
    expect(dashboardLinks({ ...base, status: 'paused' })).toEqual({
      study: 'https://cohort.example/dashboard/studies/opp_1/submissions',
      draft_editor: null,
      submissions: 'https://cohort.example/dashboard/studies/opp_1/submissions',
      recruitment: 'https://cohort.example/dashboard/studies/opp_1/recruitment',
      task: 'https://cohort.example/dashboard/studies/opp_1/tasks',
      settings: 'https://cohort.example/dashboard/studies/opp_1/settings',
    });
  });

  it.each([{ organizationSlug: null }, { projectId: null }, { publicUrl: '' }])(
    'is all null when a part cannot be resolved: %j',
    (missing) => {
      const links = dashboardLinks({ ...base, ...missing, status: 'active' });
      expect(Object.values(links).every((v) => v === null)).toBe(true);
    },
  );

  it('sets draft_editor exactly when submissions is null, for every status', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OPPORTUNITY_STATUSES),
        fc.option(fc.constantFrom('acme', ''), { nil: null }),
        fc.option(fc.constant('prj_9'), { nil: null }),
        (status, organizationSlug, projectId) => {
          const links = dashboardLinks({ ...base, status, organizationSlug, projectId });
          const resolved = Boolean(organizationSlug) && projectId !== null;
          if (!resolved) {
            expect(Object.values(links).every((v) => v === null)).toBe(true);
            return;
          }
          expect(links.draft_editor === null).toBe(links.submissions !== null);
          for (const key of ['recruitment', 'task', 'settings'] as const) {
            expect(links[key] === null).toBe(links.submissions === null);
          }
          expect(links.study).toBe(links.draft_editor ?? links.submissions);
        },
      ),
    );
  });
});
