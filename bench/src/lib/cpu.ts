/**
 * CPU time a process (and what it started) has used, read from /proc: on a machine shared with
 * other work, a request's CPU cost stays comparable when its wall-clock time does not.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

interface Stat {
  ppid: number;
  /** utime + stime, and the same of children it has waited for, in ms. */
  own: number;
  children: number;
}

function stat(pid: number): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields start after its last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const tick = (i: number) => (Number(fields[i]) * 1000) / TICKS_PER_SECOND;
    // Fields 4, 14-17 of proc(5), counted from the state field as 0 here.
    return { ppid: Number(fields[1]), own: tick(11) + tick(12), children: tick(13) + tick(14) };
  } catch {
    return undefined;
  }
}

/**
 * Milliseconds of CPU used by `pid` and its descendants so far (Linux; 10 ms resolution): the
 * live ones, and those that ended and were waited for.
 */
export function cpuMs(pid: number): number {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (!s) continue;
    const list = parents.get(s.ppid) ?? [];
    list.push(Number(name));
    parents.set(s.ppid, list);
  }
  let total = 0;
  const visit = (p: number) => {
    const s = stat(p);
    if (!s) return;
    total += s.own + s.children;
    for (const child of parents.get(p) ?? []) visit(child);
  };
  visit(pid);
  return total;
}
