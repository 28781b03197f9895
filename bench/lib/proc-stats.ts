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
