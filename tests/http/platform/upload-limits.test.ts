/**
 * #23 finding 8, on the server as `npm start` runs it (startServer: its timeouts, its HTTP/0.9
 * guard): a too-large upload is refused before its body is sent, a streamed one is stopped at the
 * limit, and a stalled one is closed by the idle timeout (lowered here to half a second).
 */
import { mkdtempSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { createLogger } from '../../../server/lib/logger';
import { startServer, type Running } from '../../../server/main';
import { writeTestManifest, type TestApp } from '../../helpers/app';
import { TestClient } from '../../helpers/client';
import { createTestDatabase } from '../../helpers/database';
import { editorOfNewOrganization } from '../../helpers/factories';
import { createApiToken } from '../../helpers/api';

let running: Running;
let port: number;

beforeAll(async () => {
  const config = loadConfig({
    APP_ENV: 'test',
    APP_KEY: 'upload-limits-test-key',
    APP_PORT: '0',
    APP_HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    STORAGE_DIR: '/tmp/boardly-test-storage',
    REVERB_SERVER_ENABLED: 'false',
    SCHEDULER_ENABLED: 'false',
    QUEUE_WORKER_ENABLED: 'false',
    THROTTLE_STORE: 'memory',
    HTTP_IDLE_TIMEOUT_SECONDS: '0.5',
    // Below the idle timeout: the test client never reuses a socket the server is closing.
    HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '0.2',
  });
  const manifest = path.join(mkdtempSync(path.join(tmpdir(), 'boardly-manifest-')), 'manifest.json');
  writeTestManifest(manifest, 'v1');
  running = await startServer(config, { database: await createTestDatabase(), logger: createLogger('silent'), migrate: false, manifest });
  port = Number(new URL(running.url).port);
});
afterAll(async () => {
  await running?.stop();
});

/** The factories need only the context and a client: the running server is the app. */
const asTestApp = (): TestApp => ({ ctx: running.ctx, url: running.url, client: () => new TestClient(running.url) }) as unknown as TestApp;

const BOUNDARY = 'limitsboundary';
const FILE_PART = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\nFirst name,Last name\r\n`;

/** A signed-in editor's upload request head, as the import page sends it (Inertia unless `plain`). */
async function uploadHead(body: { contentLength?: number; chunked?: boolean }, as: 'inertia' | 'plain' | 'json' = 'inertia') {
  const { client } = await editorOfNewOrganization(asTestApp());
  const headers: Record<string, string> = {
    Host: `127.0.0.1:${port}`,
    Cookie: [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '),
    'X-XSRF-TOKEN': client.cookie('XSRF-TOKEN') ?? '',
    Referer: `${running.url}/board-users/import`,
    'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
    Accept: as === 'json' ? 'application/json' : 'text/html, application/xhtml+xml',
    ...(as === 'inertia' ? { 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest', 'X-Inertia-Version': client.version } : {}),
    ...(body.contentLength !== undefined ? { 'Content-Length': String(body.contentLength) } : {}),
    ...(body.chunked ? { 'Transfer-Encoding': 'chunked' } : {}),
  };
  const head = `POST /board-users/import HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n`;
  return { client, head };
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A raw connection: what the server answered (once its head is complete), and when it closed. */
function open(): { socket: Socket; answer: Promise<Answer>; closed: Promise<void> } {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  let resolveAnswer!: (a: Answer) => void;
  const answer = new Promise<Answer>((resolve) => (resolveAnswer = resolve));
  const parse = () => {
    const end = received.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const [statusLine, ...lines] = received.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    return { status: Number(statusLine.split(' ')[1]), headers, body: received.slice(end + 4) };
  };
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
    const parsed = parse();
    if (parsed) resolveAnswer(parsed);
  });
  socket.on('error', () => {}); // a reset after the answer is the point of some tests
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  closed.then(() => {
    const parsed = parse();
    if (parsed) resolveAnswer(parsed);
  });
  return { socket, answer, closed };
}

describe('an upload over the limit', () => {
  it('is refused on its Content-Length before any of the body is sent: back to the form with the error, connection closed', async () => {
    const { client, head } = await uploadHead({ contentLength: 50 * 1024 * 1024 });
    const { socket, answer, closed } = open();
    socket.write(head); // and not one byte of the 50 MB
    const res = await answer;
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/board-users/import');
    expect(res.headers.connection).toBe('close');
    await closed;
    // The session carried the error to the form, where the page shows it.
    const page = (await client.get('/board-users/import', { inertia: true })).page();
    expect(page.props.errors.file).toBe('The file may not be larger than 5 MB.');
  });

  it('is a 413 for a client that is not the page (a script, an API client)', async () => {
    for (const as of ['plain', 'json'] as const) {
      const { head } = await uploadHead({ contentLength: 50 * 1024 * 1024 }, as);
      const { socket, answer, closed } = open();
      socket.write(head);
      const res = await answer;
      expect(res.status).toBe(413);
      expect(res.headers.connection).toBe('close');
      await closed;
      if (as === 'json') expect(JSON.parse(res.body).errors.file).toBe('The file may not be larger than 5 MB.');
    }
  });

  it('is stopped at the limit when it streams without a Content-Length (chunked)', async () => {
    const { head } = await uploadHead({ chunked: true });
    const { socket, answer, closed } = open();
    let answered = false;
    void answer.then(() => (answered = true));
    const chunk = (data: string) => `${Buffer.byteLength(data).toString(16)}\r\n${data}\r\n`;
    const row = `${'x'.repeat(1000)},y\r\n`.repeat(64); // 64 KB of rows
    socket.write(head + chunk(FILE_PART));
    let sent = 0;
    const limit = 30 * 1024 * 1024;
    while (!answered && !socket.destroyed && sent < limit) {
      const more = socket.write(chunk(row));
      sent += row.length;
      // The server may answer while this write waits for room: the answer ends the wait too.
      if (!more) await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve) && answer.then(resolve, resolve));
    }
    // The answer came while the client was still sending: far short of the 30 MB it would send.
    expect(sent).toBeLessThan(limit);
    const res = await answer;
    expect(res.status).toBe(303);
    expect(res.headers.connection).toBe('close');
    await closed;
  });
});

describe('a client still sending when the answer comes', () => {
  it('gets the answer, not a reset: the server lingers, reading and dropping, before it closes', async () => {
    const { head } = await uploadHead({ chunked: true });
    const { socket, answer, closed } = open();
    const chunk = (data: string) => `${Buffer.byteLength(data).toString(16)}\r\n${data}\r\n`;
    const row = `${'x'.repeat(1000)},y\r\n`.repeat(64); // 64 KB of rows
    // The client does not read yet: it only sends, well past the limit, as a browser uploading a large file does.
    socket.pause();
    socket.write(head + chunk(FILE_PART));
    for (let i = 0; i < 120; i++) socket.write(chunk(row));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // More arrives after the server answered and began to close.
    for (let i = 0; i < 16; i++) socket.write(chunk(row));
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.resume();
    const reset = closed.then(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('the connection closed before the answer could be read (a reset)');
    });
    reset.catch(() => undefined); // observed by the race below; after the answer it no longer matters
    const res = await Promise.race([answer, reset]);
    expect(res.status).toBe(303);
    expect(res.headers.connection).toBe('close');
    socket.destroy();
  });
});

describe('a stalled upload', () => {
  it('is closed by the idle timeout', async () => {
    const { head } = await uploadHead({ contentLength: 4 * 1024 * 1024 });
    const { socket, closed } = open();
    socket.write(`${head}${FILE_PART}Anna,Smith\r\n`); // then nothing more: the client stalls
    await closed;
    expect(socket.destroyed).toBe(true);
  });

  it('is closed when its headers stall, too', async () => {
    const { socket, closed } = open();
    socket.write(`POST /board-users/import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le`);
    await closed;
    expect(socket.destroyed).toBe(true);
  });
});

describe('a stalled body on the routes issue #28 added before the session pipeline', () => {
  it('is closed by the idle timeout on the JSON API, as anywhere else', async () => {
    const { orgId } = await editorOfNewOrganization(asTestApp());
    const { token } = await createApiToken(asTestApp(), orgId);
    const { socket, closed } = open();
    socket.write(
      `POST /api/v1/board-users HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"first_name":"Anna",`,
    ); // then nothing more: the client stalls
    await closed;
    expect(socket.destroyed).toBe(true);
    expect(await running.ctx.db.selectFrom('board_users').select('id').where('organization_id', '=', orgId).execute()).toEqual([]);
  });
});
