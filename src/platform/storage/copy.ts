import type { DiskFileStore } from './disk-store.ts';
import type { FileStore } from './file-store.ts';

export interface CopyReport {
  /** Files written into the store by this run. */
  copied: number;
  /** Files the store held already (an earlier run's, or uploaded there): left as they are. */
  alreadyThere: number;
  /** Bytes written by this run. */
  bytes: number;
  /** Disk copies removed (with `remove`), each once the store held its file. */
  removedFromDisk: number;
}

/**
 * Copies every whole file of the data folder's uploads into `to`, one stream at a time under the
 * same key; a file the store already has is skipped, so running it again (after a crash, say)
 * copies only what is left. With `remove`, each disk file goes once the store has it.
 */
export async function copyIntoStore(
  from: DiskFileStore,
  to: FileStore,
  options: { remove: boolean },
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, alreadyThere: 0, bytes: 0, removedFromDisk: 0 };
  for await (const key of from.keys()) {
    if (await to.exists(key)) {
      report.alreadyThere += 1;
    } else {
      const source = await from.get(key);
      if (!source) continue;
      async function* counted() {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          report.bytes += chunk.length;
          yield chunk;
        }
      }
      await to.put(key, counted());
      report.copied += 1;
    }
    if (options.remove) {
      await from.remove(key);
      report.removedFromDisk += 1;
    }
  }
  return report;
}
