import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../server/lib/logger';
import { inTransaction, systemActor } from '../../../server/lib/unit-of-work';
import { MemoryMailer, type MailMessage } from '../../../server/mail/mailer';
import { MailQueue } from '../../../server/mail/queue';
import { createTestApp, FakeClock, type TestApp } from '../../helpers/app';
import { TestClient } from '../../helpers/client';
import { createUser } from '../../helpers/factories';

/**
 * The mail outbox (server/mail/queue.ts): queued in the transaction of the change, delivered by
 * the worker after the response, retried with backoff, and never lost by a worker that dies.
 */
let app: TestApp | undefined;
afterEach(async () => {
  await app?.ctx.mailQueue.stop();
  await app?.close();
  app = undefined;
});

const message = (n: number): MailMessage => ({ to: `m${n}@queue.test`, subject: `Mail ${n}`, text: `Text ${n}`, html: `<p>Html ${n}</p>` });

/** A mail server that fails the first `failures` deliveries, then accepts. */
class FlakyMailer extends MemoryMailer {
  attempts = 0;
  constructor(private failures: number) {
    super();
  }
  override async send(m: MailMessage) {
    this.attempts++;
    if (this.failures > 0) {
      this.failures--;
      throw new Error('451 4.3.0 mail server busy, try later');
    }
    await super.send(m);
  }
}

/** A mail server that holds every delivery until released. */
class GateMailer extends MemoryMailer {
  started = 0;
  #open!: () => void;
  #gate = new Promise<void>((r) => (this.#open = r));
  override async send(m: MailMessage) {
    this.started++;
    await this.#gate;
    await super.send(m);
  }
  release() {
    this.#open();
  }
}

async function queue(t: TestApp, ...messages: MailMessage[]) {
  await inTransaction(t.ctx, systemActor, async (uow) => {
    for (const m of messages) await uow.mail(m);
  });
}

const rows = (t: TestApp) => t.ctx.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();

async function until(check: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('mail queue', () => {
  it('answers the request before a slow mail server accepts the mail, then delivers it', async () => {
    const mailer = new GateMailer();
    app = await createTestApp({ mailer, env: { QUEUE_POLL_MS: '50' } });
    app.ctx.mailQueue.start();
    // A client that does not wait for the queue: what a browser sees.
    const c = new TestClient(app.url);
    await c.prime('/register');
    const res = await c.post('/register', { name: 'Slow Mail', email: 'slow@queue.test', password: 'patient enough', password_confirmation: 'patient enough' }, { inertia: true });
    expect(res.status).toBe(302);
    expect(res.location).toBe('/verify-email');
    await until(() => mailer.started === 1, 'the worker to start delivering');
    const [pending] = await rows(app);
    expect(pending).toMatchObject({ sent_at: null, failed_at: null, attempts: 1 });
    expect(pending.locked_until).not.toBeNull();
    expect(mailer.sent).toHaveLength(0);

    mailer.release();
    await until(async () => (await rows(app!))[0].sent_at !== null, 'the mail to be marked sent');
    expect(mailer.sent.map((m) => [m.to, m.subject])).toEqual([['slow@queue.test', 'Verify your email address for Boardly']]);
  });

  it('queues a mail with its change: a rolled-back change sends nothing', async () => {
    app = await createTestApp();
    await expect(
      inTransaction(app.ctx, systemActor, async (uow) => {
        await uow.mail(message(1));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows(app)).toEqual([]);
    await app.ctx.mailQueue.drain();
    expect(app.mail.sent).toEqual([]);

    await queue(app, message(2));
    await app.ctx.mailQueue.drain();
    expect(app.mail.sent).toEqual([message(2)]);
  });

  it('retries a failing mail server with exponential backoff, then delivers once', async () => {
    const clock = new FakeClock();
    const mailer = new FlakyMailer(2);
    app = await createTestApp({ mailer, clock, env: { MAIL_RETRY_SECONDS: '10' } });
    const q = app.ctx.mailQueue;
    await queue(app, message(1));

    await q.drain();
    expect(mailer.attempts).toBe(1);
    let [row] = await rows(app);
    expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null, last_error: '451 4.3.0 mail server busy, try later' });
    expect(row.available_at.getTime() - clock.now().getTime()).toBe(10_000);

    clock.advance(9_999);
    await q.drain();
    expect(mailer.attempts).toBe(1);
    clock.advance(1);
    await q.drain();
    expect(mailer.attempts).toBe(2);
    [row] = await rows(app);
    // Twice as long before the third attempt.
    expect(row.available_at.getTime() - clock.now().getTime()).toBe(20_000);

    clock.advance(20_000);
    await q.drain();
    expect(mailer.attempts).toBe(3);
    [row] = await rows(app);
    expect(row).toMatchObject({ attempts: 3, failed_at: null, last_error: null });
    expect(row.sent_at).toEqual(clock.now());
    expect(mailer.sent).toEqual([message(1)]);

    clock.advance(3_600_000);
    await q.drain();
    expect(mailer.attempts).toBe(3);
  });

  it('gives a mail up after MAIL_MAX_ATTEMPTS and keeps it with its last error', async () => {
    const clock = new FakeClock();
    const mailer = new FlakyMailer(99);
    app = await createTestApp({ mailer, clock, env: { MAIL_RETRY_SECONDS: '1', MAIL_MAX_ATTEMPTS: '3' } });
    await queue(app, message(1));
    for (let i = 0; i < 5; i++) {
      await app.ctx.mailQueue.drain();
      clock.advance(60_000);
    }
    expect(mailer.attempts).toBe(3);
    const [row] = await rows(app);
    expect(row).toMatchObject({ attempts: 3, sent_at: null, last_error: '451 4.3.0 mail server busy, try later' });
    expect(row.failed_at).not.toBeNull();
    expect(app.ctx.mailQueue.stats).toMatchObject({ sent: 0, retried: 2, failed: 1 });
  });

  it('loses nothing when a worker dies mid-delivery: its lease runs out and another worker sends the mail', async () => {
    const clock = new FakeClock();
    app = await createTestApp({ clock });
    const logger = createLogger('silent');
    await queue(app, message(1), message(2));
    // Worker A claims both mails and hangs on the first one forever: as good as killed.
    const dying = new GateMailer();
    const a = new MailQueue({ db: app.ctx.db, mailer: dying, clock, logger, sendTimeoutMs: 60_000 });
    void a.runOnce();
    await until(() => dying.started === 1, 'worker A to claim');

    const survivor = new MemoryMailer();
    const b = new MailQueue({ db: app.ctx.db, mailer: survivor, clock, logger, sendTimeoutMs: 60_000 });
    await b.drain();
    expect(survivor.sent).toEqual([]);
    clock.advance(a.leaseMs);
    await b.drain();
    expect(survivor.sent).toEqual([message(1), message(2)]);
    expect((await rows(app)).map((r) => r.sent_at !== null)).toEqual([true, true]);
  });

  it('lets two workers claim side by side without sending any mail twice', async () => {
    app = await createTestApp();
    const logger = createLogger('silent');
    await queue(app, ...Array.from({ length: 30 }, (_, i) => message(i)));
    const one = new MemoryMailer();
    const two = new MemoryMailer();
    const q1 = new MailQueue({ db: app.ctx.db, mailer: one, clock: app.ctx.clock, logger, batch: 4 });
    const q2 = new MailQueue({ db: app.ctx.db, mailer: two, clock: app.ctx.clock, logger, batch: 4 });
    await Promise.all([q1.drain(), q2.drain()]);
    const subjects = [...one.sent, ...two.sent].map((m) => m.subject).sort();
    expect(subjects).toEqual(Array.from({ length: 30 }, (_, i) => `Mail ${i}`).sort());
    expect(new Set(subjects).size).toBe(30);
  });

  it('delivers a reset mail queued by a request before the test client hands back the response', async () => {
    app = await createTestApp();
    const c = app.client();
    await c.prime('/forgot-password');
    await createUser(app, { name: 'Reset Me', email: 'reset@queue.test', verified: false });
    const res = await c.post('/forgot-password', { email: 'reset@queue.test' }, { inertia: true });
    expect(res.status).toBe(303);
    expect(app.mail.last('reset@queue.test')?.subject).toBe('Reset your Boardly password');
    const [row] = await rows(app);
    expect(row.sent_at).not.toBeNull();
  });
});
