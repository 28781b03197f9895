export * from './dashboard-links.ts';
export * from './opportunity-status.ts';
export * from './places.ts';
export * from './refunds.ts';
export * from './transition.ts';
export * from './transitions.ts';
