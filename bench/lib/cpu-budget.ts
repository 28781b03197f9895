import fs from 'node:fs';
import path from 'node:path';

/**
 * A process held to a share of one core by the kernel's CPU bandwidth control (a control group's
 * CPU quota), for the scale-out benchmark: on this 2-core machine the `serve` processes, PostgreSQL
 * and the load generator share the cores, so an unbounded second process finds no CPU to add and
 * the ratio measures the machine. Held to a share each, with the rest left to the database and the
 * load, the processes are the limit, as on a machine with a core per process, and the ratio shows
 * whether anything they share (a row, a lock, a pool) stops a second one from adding its share.
 *
 * Needs root and the `cpu` controller (cgroup v2 with it enabled, or v1's `cpu` hierarchy);
 * `cpuBudgets()` answers why not otherwise, and the benchmark reports that instead of a figure.
 */
export interface CpuBudget {
  /** Moves a process (all its threads) under the budget. */
  hold(pid: number): void;
  /** Removes the group; its processes go back to the parent group first. */
  remove(): void;
}

interface Hierarchy {
  root: string;
  /** Writes a share of one core as this hierarchy's quota file wants it. */
  limit(group: string, share: number): void;
}

// A short period, so that a held process runs in short slices (8 of every 20 ms at 0.4) rather than
// 40 ms on and 60 ms off: closer to a process on a slower core of its own.
const PERIOD_US = 20_000;

function hierarchy(): Hierarchy | string {
  const unified = '/sys/fs/cgroup';
  const controllers = (file: string) => {
    try {
      return fs.readFileSync(file, 'utf8').split(/\s+/);
    } catch {
      return [];
    }
  };
  // cgroup v2 mounted at the top with the cpu controller handed down to child groups.
  if (controllers(`${unified}/cgroup.subtree_control`).includes('cpu')) {
    return {
      root: unified,
      limit: (group, share) =>
        fs.writeFileSync(`${group}/cpu.max`, `${Math.round(share * PERIOD_US)} ${PERIOD_US}`),
    };
  }
  const v1 = `${unified}/cpu`;
  if (fs.existsSync(`${v1}/cpu.cfs_quota_us`)) {
    return {
      root: v1,
      limit: (group, share) => {
        fs.writeFileSync(`${group}/cpu.cfs_period_us`, String(PERIOD_US));
        fs.writeFileSync(`${group}/cpu.cfs_quota_us`, String(Math.round(share * PERIOD_US)));
      },
    };
  }
  return 'no cpu controller (cgroup v2 with cpu in cgroup.subtree_control, or v1 at /sys/fs/cgroup/cpu)';
}

/**
 * A factory of budgets of `share` of a core each, or the reason there can be none here (the
 * hierarchy is missing or not writable: tried by making and removing a group).
 */
export function cpuBudgets(share: number): ((name: string) => CpuBudget) | string {
  if (!(share > 0 && share <= 1)) return `share ${share} is not in (0, 1]`;
  const found = hierarchy();
  if (typeof found === 'string') return found;
  const probe = path.join(found.root, `cohort-bench-probe-${process.pid}`);
  try {
    fs.mkdirSync(probe);
    fs.rmdirSync(probe);
  } catch (error) {
    return `cannot make a control group under ${found.root} (${(error as Error).message})`;
  }
  return (name) => {
    const group = path.join(found.root, `cohort-bench-${name}-${process.pid}`);
    fs.mkdirSync(group);
    found.limit(group, share);
    const parent = path.dirname(group);
    return {
      hold: (pid) => fs.writeFileSync(`${group}/cgroup.procs`, String(pid)),
      remove: () => {
        // A group with processes in it cannot be removed: hand any still running back up first.
        for (const pid of fs.readFileSync(`${group}/cgroup.procs`, 'utf8').split('\n')) {
          if (pid) fs.writeFileSync(`${parent}/cgroup.procs`, pid);
        }
        fs.rmdirSync(group);
      },
    };
  };
}
