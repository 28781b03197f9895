import { execFileSync } from 'node:child_process';
import os from 'node:os';

/**
 * Which CPUs processes may run on, set with util-linux's `taskset` (every thread of each process;
 * a process forked later, such as a PostgreSQL backend, inherits its parent's). For the held
 * scale-out runs (bench/scale-out.ts): the `serve` processes on a core of their own, PostgreSQL
 * and the load generator on the others, so a held process's CPU per request does not depend on
 * which of them the scheduler puts beside it.
 */
export interface CpuPlacement {
  /** The cores for the processes under test, and the rest. */
  own: number[];
  others: number[];
  pin(pids: readonly number[], cpus: readonly number[]): void;
  /** Every CPU again. */
  release(pids: readonly number[]): void;
}

/** A placement on this machine, or why there can be none (one CPU, no `taskset`). */
export function cpuPlacement(): CpuPlacement | string {
  const count = os.cpus().length;
  if (count < 2) return `${count} CPU: nothing to keep apart`;
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
  } catch {
    return 'no taskset (util-linux)';
  }
  const all = Array.from({ length: count }, (_, i) => i);
  const pin = (pids: readonly number[], cpus: readonly number[]) => {
    for (const pid of pids) {
      try {
        execFileSync('taskset', ['-a', '-p', '-c', cpus.join(','), String(pid)], {
          stdio: 'ignore',
        });
      } catch {
        // The process ended meanwhile (a backend closed by its pool): nothing to place.
      }
    }
  };
  return { own: [0], others: all.slice(1), pin, release: (pids) => pin(pids, all) };
}
