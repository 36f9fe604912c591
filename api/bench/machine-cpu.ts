import { readdirSync, readFileSync } from 'node:fs';

/** The machine's CPU time counters (all cores, in clock ticks) from /proc/stat; null where there is none. */
export interface CpuSample {
  busy: number;
  steal: number;
  total: number;
}

export function cpuSample(): CpuSample | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
    // cpu  user nice system idle iowait irq softirq steal guest guest_nice (guest time is inside user)
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    const busy = user + nice + system + irq + softirq;
    return { busy, steal, total: busy + idle + iowait + steal };
  } catch {
    return null;
  }
}

/**
 * Between two samples: the share of the machine's CPU time that was busy, and the share the hypervisor gave to
 * someone else (steal: on a shared virtual machine, time the benchmark's processes were runnable but not
 * running). A run with much steal measures the neighbours as much as the code: say so beside its numbers.
 */
export function cpuShares(from: CpuSample | null, to: CpuSample | null): string {
  if (!from || !to || to.total <= from.total) return 'machine CPU: not measured';
  const total = to.total - from.total;
  const pct = (n: number) => `${((100 * n) / total).toFixed(0)} %`;
  return `machine CPU: busy ${pct(to.busy - from.busy)}, stolen by the hypervisor ${pct(to.steal - from.steal)}`;
}

/** The parent of process `pid` and its command line, from /proc; null where there is none. */
export function parentOf(pid: number): { pid: number; cmdline: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return { pid: parent, cmdline: readFileSync(`/proc/${parent}/cmdline`, 'utf8') };
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system, ms) used so far by process `root` and its descendants (an API's cluster workers), from
 * /proc; null where there is none. With requests counted, CPU per request: what a request costs the server, which
 * holds on a busy or shared machine where latencies mostly tell how busy it is.
 */
export function treeCpuMs(root: number | undefined): number | null {
  if (root === undefined) return null;
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  const all: Array<{ pid: number; ppid: number; ms: number }> = [];
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        all.push({
          pid: Number(entry),
          ppid: Number(fields[1]),
          ms: (Number(fields[11]) + Number(fields[12])) * tick,
        });
      } catch {
        // The process ended meanwhile.
      }
    }
  } catch {
    return null;
  }
  const family = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all) {
      if (!family.has(p.pid) && family.has(p.ppid)) {
        family.add(p.pid);
        grew = true;
      }
    }
  }
  return all.filter((p) => family.has(p.pid)).reduce((sum, p) => sum + p.ms, 0);
}
