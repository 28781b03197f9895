import type { components } from './schema.ts';

/** Every schema of the document by its component name: `Schemas['Opportunity']`. */
export type Schemas = components['schemas'];

export type Project = Schemas['Project'];
export type ProjectDetail = Schemas['ProjectDetail'];
export type Opportunity = Schemas['Opportunity'];
export type OpportunitySummary = Schemas['OpportunitySummary'];
export type CreateOpportunityBody = Schemas['CreateOpportunityBody'];
export type PatchOpportunityBody = Schemas['PatchOpportunityBody'];
export type Applicant = Schemas['Applicant'];
export type Submission = Schemas['Submission'];
export type SubmissionDetail = Schemas['SubmissionDetail'];
export type FilterCatalogEntry = Schemas['FilterCatalogEntry'];
export type FilterOption = Schemas['FilterOption'];
export type HoursReport = Schemas['HoursReport'];
export type WebhookSubscription = Schemas['WebhookSubscription'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type FlatError = Schemas['FlatError'];
export type NestedError = Schemas['NestedError'];
