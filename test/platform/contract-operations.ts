/**
 * The contract's operations (`method /path`), as the contract's Endpoints section names them,
 * copied once from the contract's text so the OpenAPI check depends only on this
 * repository. When the contract gains or renames an endpoint, change this list with it.
 */
export const CONTRACT_OPERATIONS = [
  'get /projects',
  'post /projects',
  'get /projects/{projectId}',
  'patch /projects/{projectId}',
  'get /filters',
  'get /filters/{filter_slug}/options',
  'post /feasibility/requests',
  'get /feasibility/requests/{requestId}',
  'post /opportunities',
  'get /opportunities',
  'get /opportunities/{opportunityId}',
  'patch /opportunities/{opportunityId}',
  'delete /opportunities/{opportunityId}',
  'post /opportunities/{opportunityId}/launch',
  'post /opportunities/{opportunityId}/stop',
  'get /opportunities/{opportunityId}/applicants',
  'get /opportunities/{opportunityId}/submissions',
  'get /submissions/{submissionId}',
  'post /submissions/{submissionId}/invite',
  'post /submissions/{submissionId}/decline',
  'post /submissions/{submissionId}/approve',
  'post /submissions/{submissionId}/reject',
  'get /opportunities/{opportunityId}/hours',
  'post /hooks/subscriptions/{subscriptionId}',
  'post /hooks/subscriptions/{subscriptionId}/secret',
  'delete /hooks/subscriptions/{subscriptionId}',
  'get /hooks/events',
] as const;
