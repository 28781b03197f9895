/**
 * A launched study open to the whole panel (no filters, no screener), made over HTTP with the
 * given API key: what the invitation benchmarks invite to, a new one per measured call so each
 * draws from everyone. Answers its id.
 */
export async function launchOpenStudy(
  url: string,
  headers: Record<string, string>,
  name: string,
): Promise<string> {
  const post = async (route: string, body: unknown) => {
    const response = await fetch(`${url}/v2${route}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (response.status !== 200) throw new Error(`${route}: ${JSON.stringify(answer)}`);
    return answer;
  };
  const project = await post('/projects', { name });
  const study = await post('/opportunities', {
    title: name,
    description: 'Everyone is eligible',
    project_id: project.id,
    num_participants: 100,
    expected_days_to_complete: 7,
    device_types: ['desktop'],
    filters: [],
    required_accounts: [],
    customer_screening_review: 'auto_invite',
    screening_option_randomization: 'disabled',
    screening_questions: [],
    quotas: [],
    cross_quotas: [],
    tasks: [
      {
        sequence: 1,
        task_type: 'activity',
        review_type: 'manual_review',
        task_url: 'https://tasks.example/bench',
        title: 'Task',
        description: 'A task',
        duration_minutes: 10,
      },
    ],
  });
  await post(`/opportunities/${study.id}/launch`, {});
  return String(study.id);
}
