export * from './auto-price.ts';
export * from './decimal-cents.ts';
export * from './feasibility-status.ts';
