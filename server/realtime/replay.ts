/**
 * The replay window (ADR 0035): per channel, the last events the server broadcast, bounded by count and age,
 * each with a position `<epoch>:<seq>` (seq increases by one per event of the channel; the epoch changes when
 * the channel's log starts over, so a position from another log is never mistaken for one of this log).
 * `MemoryReplay` is the single-node log; RedisScaling keeps the same log in Redis for every node.
 */
import { randomBytes } from 'node:crypto';
import { isPresence, isPrivate } from './protocol';

export interface ReplayWindow {
  /** Events kept per channel. */
  maxEvents: number;
  /** Events older than this are gone from the window. */
  maxAgeSeconds: number;
}

/** One logged event: `frame` null marks a gap (events went out unlogged: a resume across it fails). */
export interface ReplayEntry {
  seq: number;
  at: number;
  frame: string | null;
}

/** A channel's log as read for a resume: every entry still kept (oldest first) and the last seq given out. */
export interface ReplayLog {
  epoch: string;
  head: number;
  entries: ReplayEntry[];
}

const POSITION_RE = /^([A-Za-z0-9]{1,32}):(\d{1,15})$/;

export function newEpoch(): string {
  return randomBytes(6).toString('hex');
}

export function formatPosition(epoch: string, seq: number): string {
  return `${epoch}:${seq}`;
}

export function parsePosition(value: unknown): { epoch: string; seq: number } | null {
  if (typeof value !== 'string') return null;
  const m = POSITION_RE.exec(value);
  if (!m) return null;
  const seq = Number(m[2]);
  return Number.isSafeInteger(seq) ? { epoch: m[1], seq } : null;
}

/**
 * The frame with its position as a top-level field: pusher-js decodes only event, channel, data and
 * user_id, so unmodified clients never see it; a client reading the raw frame does.
 */
export function withPosition(frame: string, position: string): string {
  return `${frame.slice(0, -1)},"position":${JSON.stringify(position)}}`;
}

/** Channels with a replay log: every channel a client subscribes to (not the server-managed user channels). */
/**
 * Only authorised channels keep a log: a public channel's name is anyone's to invent, and a log per
 * invented name (kept for a day) would let any client grow the server's memory or Redis.
 */
export function replayable(channel: string): boolean {
  return isPrivate(channel) || isPresence(channel);
}

interface ChannelLog {
  epoch: string;
  head: number;
  entries: ReplayEntry[];
  /** Index of the oldest kept entry (entries before it are trimmed lazily, in bulk). */
  start: number;
  touched: number;
}

/** A log a quiet channel keeps its position for: after this, a resume from it starts over (resume_failed). */
const IDLE_LOG_MS = 24 * 60 * 60 * 1000;

export class MemoryReplay {
  private readonly logs = new Map<string, ChannelLog>();
  private created = 0;

  constructor(private readonly window: ReplayWindow) {}

  private log(channel: string, now: number): ChannelLog {
    let log = this.logs.get(channel);
    if (!log || now - log.touched > IDLE_LOG_MS) {
      if (!log && this.logs.size >= 10_000 && ++this.created % 256 === 0) this.sweep(now);
      log = { epoch: newEpoch(), head: 0, entries: [], start: 0, touched: now };
      this.logs.set(channel, log);
    }
    log.touched = now;
    return log;
  }

  /** Logs one event and returns its position. */
  append(channel: string, frame: string | null, now = Date.now()): string {
    const log = this.log(channel, now);
    log.head += 1;
    const position = formatPosition(log.epoch, log.head);
    log.entries.push({ seq: log.head, at: now, frame: frame === null ? null : withPosition(frame, position) });
    this.trim(log, now);
    return position;
  }

  head(channel: string, now = Date.now()): string {
    const log = this.log(channel, now);
    return formatPosition(log.epoch, log.head);
  }

  read(channel: string, now = Date.now()): ReplayLog {
    const log = this.log(channel, now);
    this.trim(log, now);
    return { epoch: log.epoch, head: log.head, entries: log.entries.slice(log.start) };
  }

  private trim(log: ChannelLog, now: number): void {
    const oldest = now - this.window.maxAgeSeconds * 1000;
    const keep = Math.max(0, log.entries.length - log.start - this.window.maxEvents);
    log.start += keep;
    while (log.start < log.entries.length && log.entries[log.start].at < oldest) log.start += 1;
    // Compacted once the dead prefix is as long as the window, so an append stays O(1) amortised.
    if (log.start > 0 && log.start >= this.window.maxEvents) {
      log.entries = log.entries.slice(log.start);
      log.start = 0;
    }
  }

  /** Forgets channels quiet for a day, so a server with many short-lived channels does not grow for ever. */
  private sweep(now: number): void {
    for (const [name, log] of this.logs) if (now - log.touched > IDLE_LOG_MS) this.logs.delete(name);
  }
}
