import {
  type Client,
  client,
  createTestOrganization,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';

/** A screener with each pick type, a grid, display and skip structure, and quotas that use it. */
export const RICH_SCREENER = {
  screening_questions: [
    {
      key: 'role',
      text: 'What is your role?',
      pick: 'one',
      answers: [
        { text: 'Engineer', qualify_logic: 'may' },
        { text: 'Designer', qualify_logic: 'must_one_of' },
        { text: 'Student', qualify_logic: 'reject' },
      ],
    },
    {
      text: 'Which tools do you use weekly?',
      pick: 'any',
      answers: [
        { text: 'Figma', qualify_logic: 'must' },
        { text: 'Sketch' },
        { text: 'Other', allow_free_text: true },
      ],
      min_qualifying: 1,
      display_condition: {
        conditions: [{ screening_question: 'role', answer: 'Designer', operator: 'eq' }],
        join: 'and',
      },
    },
    {
      key: 'remote',
      text: 'Do you work remotely?',
      pick: 'boolean',
      answers: [{ text: 'No', qualify_logic: 'review' }],
      skip_rules: [
        {
          conditions: [{ screening_question: 'remote', answer: 'No', operator: 'eq' }],
          join: 'and',
          target_question: null,
        },
      ],
    },
    {
      key: 'rate',
      text: 'Rate these',
      pick: 'grid',
      grid: {
        pick: 'one',
        rows: [{ key: 'speed', text: 'Speed' }],
        columns: [
          { value: 'good', text: 'Good' },
          { value: 'bad', text: 'Bad' },
        ],
        cell_actions: [{ row: 'speed', column: 'bad', qualify_logic: 'reject' }],
      },
    },
    { key: 'why', text: 'Why?', pick: 'text' },
  ],
  quotas: [
    {
      screening_question: 'role',
      targets: [
        { value: 'Engineer', count: 2 },
        { value: 'Designer', count: 2, type: 'maximum' },
      ],
    },
  ],
  cross_quotas: [
    {
      label: 'Remote engineers',
      conditions: [
        { screening_question: 'role', answer: 'Engineer', operator: 'eq' },
        { screening_question: 'remote', answer: 'Yes', operator: 'eq' },
      ],
      join: 'and',
      target: 1,
      quota_type: 'minimum',
    },
  ],
};

export const INTERVIEW_TASK = {
  sequence: 1,
  task_type: 'interview',
  task_url: 'https://meet.example.com/room?lang=en',
  title: 'Interview',
  description: 'A 30-minute call',
  duration_minutes: 30,
};

export function draftBody(projectId: string, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Checkout study',
    description: 'How people pay online',
    project_id: projectId,
    num_participants: 4,
    expected_days_to_complete: 7,
    tasks: [INTERVIEW_TASK],
    ...overrides,
  };
}

export interface Customer {
  organization: TestOrganization;
  api: Client;
  projectId: string;
}

/** A fresh organization with money, a key and a project. */
export async function newCustomer(
  server: TestServer,
  options: { balanceCents?: number; overdraftLimitCents?: number } = {},
): Promise<Customer> {
  const organization = await createTestOrganization(server, {
    balanceCents: options.balanceCents ?? 1_000_000,
    overdraftLimitCents: options.overdraftLimitCents ?? 0,
  });
  const api = client(server, organization.apiKey);
  const project = await api.post('/v2/projects', { name: 'Studies' });
  if (project.status !== 200) throw new Error(`project: ${project.text}`);
  return { organization, api, projectId: project.body.id };
}

export async function createDraft(customer: Customer, overrides: Record<string, unknown> = {}) {
  const response = await customer.api.post(
    '/v2/opportunities',
    draftBody(customer.projectId, overrides),
  );
  if (response.status !== 200) throw new Error(`create: ${response.status} ${response.text}`);
  return response.body;
}
