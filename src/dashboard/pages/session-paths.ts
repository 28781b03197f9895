/** Where the dashboard's session pages live: a study's sessions, and one session's roster. */
export const studySessionsPath = (opportunityId: string) =>
  `/dashboard/studies/${encodeURIComponent(opportunityId)}/sessions`;
export const rosterPath = (sessionId: string) =>
  `/dashboard/sessions/${encodeURIComponent(sessionId)}/roster`;
