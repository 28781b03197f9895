import { BASIC_QUESTIONS } from '../../fixtures/screener.ts';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import type { OpportunityTask } from '../../src/opportunities/opportunity-parts.ts';
import type { SignupBody } from '../../src/participants/profile.ts';
import type {
  CrossQuotaInput,
  QuotaInput,
  ScreeningQuestionInput,
} from '../../src/screening/index.ts';
import { type Client, client, type TestOrganization, type TestServer } from './harness.ts';

/**
 * Shared set-up for the participant-side suites: participants sign up, and customers create and
 * launch studies from a small spec, all over HTTP.
 */

/**
 * Profiles and filters are checked against the geography, which takes seconds to load once per
 * process: tests call this in beforeAll (hook timeout) rather than in their first test.
 */
export function loadGeographyOnce(): void {
  loadGeography();
}

export const PASSING_ANSWERS = [
  { key: 'role', answer: ['Designer'] },
  { key: 'tools', answer: ['Figma', 'Paint'] },
];
export const FAILING_ANSWERS = [
  { key: 'role', answer: ['Student'] },
  { key: 'tools', answer: ['Figma'] },
];
export const REVIEW_ANSWERS = [
  { key: 'role', answer: ['Manager'] },
  { key: 'tools', answer: ['Sketch'] },
];

/** role: Student rejects, Manager asks for review; tools: Figma or Sketch is needed. */
export const DEFAULT_QUESTIONS = BASIC_QUESTIONS as unknown as ScreeningQuestionInput[];

export const DEFAULT_TASKS: OpportunityTask[] = [
  {
    sequence: 1,
    task_type: 'activity',
    review_type: 'manual_review',
    task_url: 'https://tasks.example/study?lang=en',
    title: 'Try the prototype',
    description: 'Complete the checkout flow',
    duration_minutes: 15,
  },
];

export interface StudySpec {
  title?: string;
  /** The study's `translations` (docs/api/opportunities.md), as the API takes them. */
  translations?: Record<string, unknown>;
  numParticipants?: number;
  questions?: ScreeningQuestionInput[];
  quotas?: QuotaInput[];
  crossQuotas?: CrossQuotaInput[];
  tasks?: OpportunityTask[];
  filters?: unknown[];
  requiredAccounts?: string[];
  review?: 'auto_invite' | 'manual_review';
  randomization?: 'enabled' | 'disabled';
}

export interface Study {
  id: string;
  projectId: string;
  /** What approved work pays, fixed by pricing when the draft was created. */
  incentiveCents: number;
  costPerParticipantCents: number;
  totalCostCents: number;
  numParticipants: number;
}

/** A launched (active) opportunity, created and launched through the customer API. */
export async function launchStudy(
  server: TestServer,
  organization: TestOrganization,
  spec: StudySpec = {},
): Promise<Study> {
  const customer = client(server, organization.apiKey);
  const numParticipants = spec.numParticipants ?? 5;
  const project = await customer.post('/v2/projects', { name: 'Participant side' });
  const created = await customer.post('/v2/opportunities', {
    title: spec.title ?? 'Checkout usability study',
    description: 'Try a new checkout and tell us what you think',
    project_id: project.body.id,
    num_participants: numParticipants,
    expected_days_to_complete: 14,
    device_types: ['desktop'],
    filters: spec.filters ?? [],
    required_accounts: spec.requiredAccounts ?? [],
    customer_screening_review: spec.review ?? 'auto_invite',
    screening_option_randomization: spec.randomization ?? 'disabled',
    screening_questions: spec.questions ?? DEFAULT_QUESTIONS,
    quotas: spec.quotas ?? [],
    cross_quotas: spec.crossQuotas ?? [],
    tasks: spec.tasks ?? DEFAULT_TASKS,
    ...(spec.translations && { translations: spec.translations }),
  });
  if (created.status !== 200) throw new Error(`create failed: ${created.text}`);
  const launched = await customer.post(`/v2/opportunities/${created.body.id}/launch`, {});
  if (launched.status !== 200) throw new Error(`launch failed: ${launched.text}`);
  const row = await server.database.db
    .selectFrom('opportunities')
    .select('incentive_cents')
    .where('id', '=', created.body.id)
    .executeTakeFirstOrThrow();
  return {
    id: created.body.id,
    projectId: project.body.id,
    incentiveCents: Number(row.incentive_cents),
    costPerParticipantCents: launched.body.pricing.cost_per_participant_cents,
    totalCostCents: launched.body.pricing.total_cost_cents,
    numParticipants,
  };
}

let sequence = 0;

export function profile(overrides: Partial<SignupBody> = {}): SignupBody {
  sequence += 1;
  return {
    name: 'Ana Lima',
    email: `ana.${Date.now()}.${sequence}.${Math.random().toString(36).slice(2)}@example.com`,
    timezone: 'America/Los_Angeles',
    birth_date: '1990-02-28',
    linkedin_url: 'https://www.linkedin.com/in/ana-lima',
    country_id: 'US',
    state_id: 'US-CA',
    city_id: '5391959',
    attributes: { 'multi_select--seniority': ['senior'], 'multi_select--language': ['en'] },
    linked_accounts: ['linkedin'],
    background: {
      experiences: [
        {
          company: 'Acme',
          role: 'Product designer',
          started_at: '2019-01',
          ended_at: null,
          description: 'Led checkout redesign. Reach me at ana@example.com or +1 415 555 0100',
        },
      ],
      educations: [{ school: 'Stanford University', degree: 'BA', major: 'Design' }],
    },
    ...overrides,
  };
}

export interface TestParticipant {
  id: string;
  token: string;
  api: Client;
}

export async function signUp(
  server: TestServer,
  overrides: Partial<SignupBody> = {},
): Promise<TestParticipant> {
  const response = await client(server).post('/v2/participant/signup', profile(overrides));
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.text}`);
  return {
    id: response.body.participant.id,
    token: response.body.token,
    api: client(server, response.body.token),
  };
}

/** Applies with the given answers and returns the response body ({status, submission_id | applicant_id}). */
export async function apply(
  participant: TestParticipant,
  opportunityId: string,
  answers = PASSING_ANSWERS,
) {
  const response = await participant.api.post(
    `/v2/participant/opportunities/${opportunityId}/applications`,
    { answers },
  );
  if (response.status !== 200) throw new Error(`application failed: ${response.text}`);
  return response.body as {
    status: string;
    submission_id?: string;
    applicant_id?: string;
  };
}
