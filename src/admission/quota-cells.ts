import {
  type CrossQuota,
  crossQuotaCellKey,
  type Quota,
  quotaCellKey,
} from '../screening/index.ts';

/** Every quota cell counter of an opportunity: one per target of each quota, one per cross quota. */
export function quotaCounterKeys(
  quotas: readonly Quota[],
  crossQuotas: readonly CrossQuota[],
): string[] {
  return [
    ...quotas.flatMap((quota) =>
      quota.targets.map((target) => quotaCellKey(quota.screening_question, target.value)),
    ),
    ...crossQuotas.map((crossQuota) => crossQuotaCellKey(crossQuota.label)),
  ];
}
