// Minor page faults, for benchmarks that compare places (Linux /proc only). A place that allocates fresh memory for
// each call's results pays a fault per page it first writes; what a fault costs depends on the machine far more than
// the work does (a few hundred nanoseconds on a laptop, 10-14 µs on the virtual machines these benchmarks run on), so
// a figure that holds faults is read beside their count and this machine's price for one.
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { median } from './median.js';

/** /proc/PID/stat's fields from the third (state) on: those after the command's closing parenthesis. */
function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** The minor faults `pid` ("self" for this process) has taken so far: /proc/PID/stat's tenth field. */
export const minorFaults = (pid = 'self') => Number(statFields(pid)[7]);

/** This process's descendants whose command line holds `marker` (Chromium's renderers: '--type=renderer'). */
export function descendants(marker) {
  const parents = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      parents.set(pid, statFields(pid)[1]);
    } catch {
      // the process ended while the list was read
    }
  }
  const isOurs = (pid) => {
    for (let p = pid; p && p !== '0'; p = parents.get(p)) if (p === String(process.pid)) return true;
    return false;
  };
  return [...parents.keys()].filter((pid) => {
    try {
      return (
        pid !== String(process.pid) && isOurs(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker)
      );
    } catch {
      return false;
    }
  });
}

/** Minor faults of all of `pids` (processes that ended count nothing). */
export const totalMinorFaults = (pids) =>
  pids.reduce((sum, pid) => {
    try {
      return sum + minorFaults(pid);
    } catch {
      return sum;
    }
  }, 0);

/**
 * What one minor fault costs on this machine, in µs: the median over `rounds` fresh 8 MB buffers of the time to write
 * one byte in each of their pages (an ArrayBuffer that large is fresh zero pages from the system, each faulted in on
 * its first write), with the faults counted rather than assumed.
 */
export function faultMicroseconds(rounds = 9) {
  const bytes = 8 << 20;
  const costs = [];
  for (let round = 0; round < rounds; round++) {
    const buffer = new Uint8Array(new ArrayBuffer(bytes));
    const faults = minorFaults();
    const start = performance.now();
    for (let i = 0; i < bytes; i += 4096) buffer[i] = 1;
    const ms = performance.now() - start;
    const taken = minorFaults() - faults;
    if (taken > 0) costs.push((ms * 1000) / taken);
  }
  return costs.length ? median(costs) : Number.NaN;
}
