import { atRate, compareSaturated, printComparison, printTable } from './load.ts';
import { startBareServer } from './processes.ts';

export interface ReadAndListLabels {
  /** The saturating run of the single read, e.g. 'GET /v2/projects/{id}'. */
  one: string;
  /** The bare server's run answering the read's bytes. */
  bareOne: string;
  list: string;
  bareList: string;
  /** The paced run of the single read. */
  paced: string;
  oneTable: string;
  listTable: string;
}

/**
 * One resource's read and its list page against bare node:http answering the same bytes,
 * measured in one run, in turns (bench/lib/load.ts), so the ratios are the figures.
 */
export async function benchReadAndList(
  urls: { one: string; list: string; oneBody: string; listBody: string },
  auth: Record<string, string>,
  labels: ReadAndListLabels,
) {
  const bareOne = await startBareServer(urls.oneBody);
  const bareList = await startBareServer(urls.listBody);
  try {
    const one = await compareSaturated({ label: labels.bareOne, url: bareOne.url }, [
      { label: labels.one, url: urls.one, headers: auth },
    ]);
    const list = await compareSaturated({ label: labels.bareList, url: bareList.url }, [
      { label: labels.list, url: urls.list, headers: auth },
    ]);
    const paced = await atRate({ label: labels.paced, url: urls.one, headers: auth }, 1000);
    printComparison(labels.oneTable, one);
    printComparison(labels.listTable, list);
    printTable('Latency at a fixed 1,000 req/s', [paced]);
    return {
      baselineOne: one.baseline,
      cohortOne: one.subjects[0]!,
      baselineList: list.baseline,
      cohortList: list.subjects[0]!,
      paced,
    };
  } finally {
    await bareOne.stop();
    await bareList.stop();
  }
}
