import {
  type Client,
  client,
  createTestOrganization,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';

export { RICH_SCREENER } from '../../fixtures/screener.ts';

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
