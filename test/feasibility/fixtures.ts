/** A feasibility request's brief, as customers send it (the API's camelCase fields). */
export const BRIEF = {
  taskDescription: 'A 45-minute interview about how teams plan sprints',
  panelDescription: 'Engineering managers at SaaS companies',
  submissionCount: 12,
  timelineHours: 120,
  payRateFrequency: 'ONE_TIME' as const,
  loiMinutes: 45,
};
