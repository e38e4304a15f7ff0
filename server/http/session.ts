import type { NextFunction, Request, Response } from 'express';
import type { Kysely } from 'kysely';
import { parse as parseCookies, serialize } from 'cookie';
import type { Database } from '../db/types';
import { hmac, randomToken, safeEqual, sha256 } from '../lib/crypto';
import { onBeforeEnd } from './response-hooks';
import { deleteSessions, findSession, saveSession, touchSession } from './session-repository';

type Data = Record<string, unknown>;
const FLASH = '_flash';
interface FlashKeys {
  new: string[];
  old: string[];
}

/**
 * A server-side session. The browser holds only a signed random id; the data lives in the
 * `sessions` table (keyed by the id's hash, so a database leak exposes no usable cookie).
 * A session with no data is never written: guests cost no database write.
 */
export class Session {
  #dirty = false;
  #previousIds: string[] = [];
  #userId: number | null;

  constructor(
    public id: string,
    private data: Data,
    userId: number | null,
    public persisted: boolean,
    public readonly isNew: boolean,
  ) {
    this.#userId = userId;
  }

  get<T = unknown>(key: string): T | undefined {
    return this.data[key] as T | undefined;
  }

  has(key: string): boolean {
    return this.data[key] !== undefined;
  }

  put(key: string, value: unknown): void {
    this.data[key] = value;
    this.#dirty = true;
  }

  forget(key: string): void {
    if (key in this.data) {
      delete this.data[key];
      this.#dirty = true;
    }
  }

  /** Reads a value and removes it. */
  pull<T = unknown>(key: string): T | undefined {
    const value = this.get<T>(key);
    this.forget(key);
    return value;
  }

  /** Available to this request and the next one. */
  flash(key: string, value: unknown): void {
    this.put(key, value);
    const keys = this.flashKeys();
    keys.new = [...new Set([...keys.new, key])];
    keys.old = keys.old.filter((k) => k !== key);
    this.put(FLASH, keys);
  }

  /** Keeps this request's flash data for one more request. */
  reflash(): void {
    const keys = this.flashKeys();
    this.put(FLASH, { new: [...new Set([...keys.new, ...keys.old])], old: [] });
  }

  get userId(): number | null {
    return this.#userId;
  }

  set userId(value: number | null) {
    this.#userId = value;
    this.#dirty = true;
  }

  /** New id, same data: call on every change of privilege (sign-in, sign-out). */
  regenerate(): void {
    if (this.persisted) this.#previousIds.push(this.id);
    this.id = newSessionId();
    this.persisted = false;
    this.#dirty = true;
  }

  /** New id, no data. */
  invalidate(): void {
    this.data = {};
    this.#userId = null;
    this.regenerate();
  }

  /** Called once per request, before the response ends. */
  ageFlash(): void {
    const keys = this.flashKeys();
    if (keys.old.length === 0 && keys.new.length === 0) return;
    for (const key of keys.old) delete this.data[key];
    this.data[FLASH] = { new: [], old: keys.new };
    this.#dirty = true;
  }

  get isDirty(): boolean {
    return this.#dirty;
  }

  get isEmpty(): boolean {
    const keys = Object.keys(this.data).filter((k) => k !== FLASH);
    return keys.length === 0 && this.#userId === null;
  }

  get previousIds(): string[] {
    return this.#previousIds;
  }

  snapshot(): Data {
    return this.data;
  }

  private flashKeys(): FlashKeys {
    const keys = this.data[FLASH] as FlashKeys | undefined;
    return { new: [...(keys?.new ?? [])], old: [...(keys?.old ?? [])] };
  }
}

export function newSessionId(): string {
  return randomToken(30);
}

export interface SessionOptions {
  db: Kysely<Database>;
  key: string;
  cookieName: string;
  lifetimeMinutes: number;
  secure: boolean;
  now?: () => Date;
  /** Reads the stored session by its hashed id (default: the row alone); may load more for later middleware. */
  load?: (hashedId: string, req: Request) => Promise<StoredSession | undefined>;
  /** Where a failed once-a-minute touch is reported (it never fails the request). */
  onTouchError?: (error: unknown, req: Request) => void;
}

export interface StoredSession {
  data: Data | null;
  user_id: number | null;
  last_activity: Date;
}

/**
 * Cookie value: `{id}.{s|g}.{signature}`. `s` means a row is stored; `g` (guest) means the
 * session is empty and was never written, so reading it costs no database round trip.
 */
export function signSessionId(key: string, id: string, stored = true): string {
  const value = `${id}.${stored ? 's' : 'g'}`;
  return `${value}.${hmac(key, `session:${value}`).slice(0, 43)}`;
}

function readSessionCookie(key: string, cookieValue: string | undefined): { id: string; stored: boolean } | null {
  if (!cookieValue) return null;
  const parts = cookieValue.split('.');
  if (parts.length !== 3 || (parts[1] !== 's' && parts[1] !== 'g')) return null;
  const stored = parts[1] === 's';
  return safeEqual(signSessionId(key, parts[0], stored), cookieValue) ? { id: parts[0], stored } : null;
}

export function sessionCookie(options: SessionOptions, id: string, stored: boolean): string {
  return serialize(options.cookieName, signSessionId(options.key, id, stored), {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: '/',
    maxAge: options.lifetimeMinutes * 60,
  });
}

export function sessionMiddleware(options: SessionOptions) {
  const now = options.now ?? (() => new Date());
  const touchEveryMs = 60_000;

  return async (req: Request, res: Response, next: NextFunction) => {
    req.cookies = parseCookies(req.headers.cookie ?? '') as Record<string, string>;
    const cookie = readSessionCookie(options.key, req.cookies[options.cookieName]);
    const id = cookie?.id ?? null;
    let session: Session;
    let loadedActivity = 0;
    if (cookie && !cookie.stored) {
      session = new Session(cookie.id, {}, null, false, false);
    } else if (id) {
      const row = options.load ? await options.load(sha256(id), req) : await findSession(options.db, sha256(id));
      const fresh = row && now().getTime() - row.last_activity.getTime() < options.lifetimeMinutes * 60_000;
      if (row && fresh) {
        session = new Session(id, row.data ?? {}, row.user_id, true, false);
        loadedActivity = row.last_activity.getTime();
      } else {
        // A signed id we issued but never stored (a guest) keeps its id, so its CSRF token holds.
        session = new Session(row ? newSessionId() : id, {}, null, false, false);
        if (row) await deleteSessions(options.db, [sha256(id)]);
      }
    } else {
      session = new Session(newSessionId(), {}, null, false, true);
    }
    req.session = session;
    const sent = cookie ? { id: cookie.id, stored: cookie.stored } : null;

    // Written before the response ends; a request that changed nothing waits for no promise.
    const save = (): void | Promise<void> => {
      const stored = !session.isEmpty;
      if ((sent?.id !== session.id || sent.stored !== stored) && !res.headersSent) {
        res.append('Set-Cookie', sessionCookie(options, session.id, stored));
      }
      const stale = now().getTime() - loadedActivity > touchEveryMs;
      if (session.isEmpty) {
        return session.persisted ? deleteSessions(options.db, [sha256(session.id)]) : undefined;
      }
      if (!session.isDirty && session.persisted && !stale) return;
      if (!session.isDirty && session.persisted) {
        // Only the activity time is due: written once a minute, after the response, without
        // touching the data (a later request may already have changed it).
        touchSession(options.db, sha256(session.id), now(), touchEveryMs, req.ip ?? null, (req.get('user-agent') ?? '').slice(0, 500)).catch((error) => options.onTouchError?.(error, req));
        return;
      }
      const row = {
        id: sha256(session.id),
        user_id: session.userId,
        data: JSON.stringify(session.snapshot()),
        ip: req.ip ?? null,
        user_agent: (req.get('user-agent') ?? '').slice(0, 500),
        last_activity: now(),
      };
      return saveSession(options.db, row).then(() => {
        session.persisted = true;
      });
    };
    onBeforeEnd(res, () => {
      session.ageFlash();
      const previous = session.previousIds;
      return previous.length > 0 ? deleteSessions(options.db, previous.map(sha256)).then(save) : save();
    });
    next();
  };
}
