/**
 * Contract 2.7: the participant URL is the task URL with tracking parameters submissionId,
 * serviceSubmissionId and taskId appended; the template shows them as {submissionId} and
 * {taskId} macros. Cohort has one submission id, so serviceSubmissionId carries it too unless
 * the caller has a distinct one. Parameters of those names already on the task URL are
 * replaced, so the study always reads the values Cohort vouches for; a fragment stays last.
 */
export const TRACKING_PARAMETERS = ['submissionId', 'serviceSubmissionId', 'taskId'] as const;

function parameterName(pair: string): string {
  const raw = pair.split('=')[0]!.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function withTracking(taskUrl: string, values: Record<string, string>): string {
  const hashAt = taskUrl.indexOf('#');
  const fragment = hashAt === -1 ? '' : taskUrl.slice(hashAt);
  const beforeHash = hashAt === -1 ? taskUrl : taskUrl.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt === -1 ? '' : beforeHash.slice(queryAt + 1);
  const kept = query
    .split('&')
    .filter((pair) => pair !== '')
    .filter((pair) => {
      return !(TRACKING_PARAMETERS as readonly string[]).includes(parameterName(pair));
    });
  const added = TRACKING_PARAMETERS.map((name) => `${name}=${values[name]}`);
  return `${path}?${[...kept, ...added].join('&')}${fragment}`;
}

export function participantUrlTemplate(taskUrl: string): string {
  return withTracking(taskUrl, {
    submissionId: '{submissionId}',
    serviceSubmissionId: '{submissionId}',
    taskId: '{taskId}',
  });
}

export function participantTaskUrl(
  taskUrl: string,
  ids: { submissionId: string; taskId: string; serviceSubmissionId?: string },
): string {
  return withTracking(taskUrl, {
    submissionId: encodeURIComponent(ids.submissionId),
    serviceSubmissionId: encodeURIComponent(ids.serviceSubmissionId ?? ids.submissionId),
    taskId: encodeURIComponent(ids.taskId),
  });
}
