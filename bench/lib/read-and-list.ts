import { atRate, printTable, saturate } from './load.ts';
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
 * measured in one run so the ratios are the figures.
 */
export async function benchReadAndList(
  urls: { one: string; list: string; oneBody: string; listBody: string },
  auth: Record<string, string>,
  labels: ReadAndListLabels,
) {
  const bareOne = await startBareServer(urls.oneBody);
  const bareList = await startBareServer(urls.listBody);
  try {
    const baselineOne = await saturate(labels.bareOne, bareOne.url);
    const cohortOne = await saturate(labels.one, urls.one, auth);
    const baselineList = await saturate(labels.bareList, bareList.url);
    const cohortList = await saturate(labels.list, urls.list, auth);
    const paced = await atRate(labels.paced, urls.one, 1000, auth);
    printTable(labels.oneTable, [baselineOne, cohortOne], baselineOne);
    printTable(labels.listTable, [baselineList, cohortList], baselineList);
    printTable('Latency at a fixed 1,000 req/s', [paced]);
    return { baselineOne, cohortOne, baselineList, cohortList, paced };
  } finally {
    await bareOne.stop();
    await bareList.stop();
  }
}
