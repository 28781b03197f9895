export * from './estimate-incentive.ts';
export * from './funding.ts';
export * from './price-opportunity.ts';
export * from './screener-strictness.ts';
