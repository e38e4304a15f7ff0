import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/**
 * CPU time (µs, user + system) used so far by every process of this machine named `postgres`:
 * the database server's share of a visit when it runs on the same cores as the app (it does here).
 * Null where /proc does not tell (not Linux, or another user's processes hidden).
 */
export function postgresCpuMicros(): number | null {
  let ticks = 0;
  let found = false;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
    const fields = stat.slice(close + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    found = true;
  }
  return found ? (ticks * 1_000_000) / TICKS_PER_SECOND : null;
}
