import { newId } from '../../src/domain/ids.ts';
import {
  type CrossQuotaInput,
  normalizeScreener,
  type QuotaInput,
  type ScreeningQuestionInput,
} from '../../src/domain/screening/index.ts';
import { loadGeography } from '../../src/geography/filters.ts';
import type { SignupBody } from '../../src/participant/profile.ts';
import type { OpportunityTask } from '../../src/services/applications/opportunity-parts.ts';
import { recordLedgerEntry } from '../../src/store/ledger.ts';
import { createProject } from '../../src/store/projects.ts';
import { type Client, client, type TestOrganization, type TestServer } from '../support/harness.ts';

/**
 * Shared set-up for the participant-side suites: participants sign up over HTTP; studies are
 * launched opportunities built from a small spec.
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
export const DEFAULT_QUESTIONS: ScreeningQuestionInput[] = [
  {
    key: 'role',
    text: 'What is your role?',
    pick: 'one',
    answers: [
      { text: 'Designer' },
      { text: 'Engineer' },
      { text: 'Student', qualify_logic: 'reject' },
      { text: 'Manager', qualify_logic: 'review' },
    ],
  },
  {
    key: 'tools',
    text: 'Which tools do you use?',
    pick: 'any',
    answers: [
      { text: 'Figma', qualify_logic: 'must_one_of' },
      { text: 'Sketch', qualify_logic: 'must_one_of' },
      { text: 'Paint' },
    ],
  },
];

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
  numParticipants?: number;
  questions?: ScreeningQuestionInput[];
  quotas?: QuotaInput[];
  crossQuotas?: CrossQuotaInput[];
  tasks?: OpportunityTask[];
  filters?: unknown[];
  requiredAccounts?: string[];
  review?: 'auto_invite' | 'manual_review';
  randomization?: 'enabled' | 'disabled';
  incentiveCents?: number;
  platformFeeCents?: number;
}

export interface Study {
  id: string;
  projectId: string;
  incentiveCents: number;
  costPerParticipantCents: number;
  totalCostCents: number;
  numParticipants: number;
}

/** A launched (active) opportunity: created and charged as a launch would, in one transaction. */
export async function launchStudy(
  server: TestServer,
  organization: TestOrganization,
  spec: StudySpec = {},
): Promise<Study> {
  const numParticipants = spec.numParticipants ?? 5;
  const screener = normalizeScreener({
    questions: spec.questions ?? DEFAULT_QUESTIONS,
    quotas: spec.quotas ?? [],
    crossQuotas: spec.crossQuotas ?? [],
    numParticipants,
  });
  if (screener.issues.length > 0) throw new Error(JSON.stringify(screener.issues));
  const incentive = spec.incentiveCents ?? 1500;
  const fee = spec.platformFeeCents ?? 300;
  const cost = incentive + fee;
  return server.database.db.transaction().execute(async (trx) => {
    const project = await createProject(trx, organization.id, { name: 'Participant side' });
    const now = new Date().toISOString();
    const id = newId('opportunity');
    await trx
      .insertInto('opportunities')
      .values({
        id,
        organization_id: organization.id,
        project_id: project.id,
        status: 'active',
        title: spec.title ?? 'Checkout usability study',
        internal_title: null,
        description: 'Try a new checkout and tell us what you think',
        num_participants: numParticipants,
        estimated_duration_minutes: 15,
        business_type: null,
        candidate_profile: null,
        device_types: JSON.stringify(['desktop']),
        required_accounts: JSON.stringify(spec.requiredAccounts ?? []),
        video_required: 'none',
        screen_share_required: 'none',
        customer_screening_review: spec.review ?? 'auto_invite',
        pay_frequency: 'one_time',
        screening_option_randomization: spec.randomization ?? 'disabled',
        forwarding_email_enabled: 'disabled',
        max_responses_per_expert: null,
        feasibility_request_id: null,
        filters: JSON.stringify(spec.filters ?? []),
        screening_questions: JSON.stringify(screener.value.questions),
        quotas: JSON.stringify(screener.value.quotas),
        cross_quotas: JSON.stringify(screener.value.crossQuotas),
        tasks: JSON.stringify(spec.tasks ?? DEFAULT_TASKS),
        incentive_cents: incentive,
        platform_fee_cents: fee,
        cost_per_participant_cents: cost,
        total_cost_cents: cost * numParticipants,
        expected_days_to_complete: 14,
        ending_at: new Date(Date.now() + 14 * 86_400_000).toISOString(),
        launched_at: now,
        stopped_at: null,
        stop_reason: null,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await recordLedgerEntry(trx, {
      organizationId: organization.id,
      kind: 'launch_charge',
      amountCents: -cost * numParticipants,
      opportunityId: id,
    });
    return {
      id,
      projectId: project.id,
      incentiveCents: incentive,
      costPerParticipantCents: cost,
      totalCostCents: cost * numParticipants,
      numParticipants,
    };
  });
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
