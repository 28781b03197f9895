/**
 * Indexes `cohort panel seed` has set aside while it loads a panel, each with the statement that
 * builds it again (docs/decisions/0173-panel-seed-with-indexes-built-after.md).
 */
export interface DeferredIndexesTable {
  name: string;
  definition: string;
}
