/**
 * Discovery: the studies a participant may apply to, one study as they read it, and the
 * application itself over HTTP (applying is submissions/'s use case). It stands above
 * submissions and participant groups, whose state decides what a participant sees.
 */
export { discoverOpportunities, type OpenOpportunity, readOpportunityDetail } from './discover.ts';
export { participantOpportunityView } from './views.ts';
