import fs from 'node:fs';

/** User plus system CPU of a process so far, in ms (/proc/PID/stat counts clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory of a process, in MiB (VmRSS of /proc/PID/status). */
export function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

/** The machine's CPU ticks so far, all and idle (the first line of /proc/stat), to tell if it was busy. */
export function machineTicks(): { total: number; idle: number } {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
  const ticks = fields.slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already inside user).
  const total = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { total, idle: ticks[3]! + ticks[4]! };
}

/** The share of the machine's CPU left idle since an earlier machineTicks(). */
export function idleShareSince(before: { total: number; idle: number }): number {
  const now = machineTicks();
  return (now.idle - before.idle) / Math.max(1, now.total - before.total);
}

/** The highest resident memory a process has had so far, in MiB (VmHWM of /proc/PID/status). */
export function peakResidentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}
