export * from './audience.ts';
export * from './estimate-incentive.ts';
export * from './funding.ts';
export * from './price-opportunity.ts';
