import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAssets } from '../../../server/http/build-assets';
import { compression, negotiateEncoding } from '../../../server/http/compression';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createBoardUsers, memberClient } from '../../helpers/factories';
import { cookieHeader } from '../../helpers/raw-http';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request that shows the bytes on the wire (fetch would decode them). */
function raw(base: string, pathname: string, headers: Record<string, string> = {}, onFirstChunk?: (chunk: Buffer) => void): Promise<Raw> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const r = request({ host: url.hostname, port: url.port, path: pathname, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        if (!chunks.length) onFirstChunk?.(c);
        chunks.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    r.on('error', reject);
    r.end();
  });
}

const decode = (res: Raw) =>
  (res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.body) : res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.body) : res.body).toString('utf8');

describe('negotiation', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('gzip;q=1, br;q=0.4')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

describe('the app’s answers', () => {
  let app: TestApp;
  let cookies: string;
  let version: string;
  let releaseStream: () => void = () => {};

  beforeAll(async () => {
    app = await createTestApp({
      extraRoutes(router) {
        // A server-sent event stream: each event must leave at once, never held for compression.
        router.get('/__test/events', (_req, res) => {
          res.set('Content-Type', 'text/event-stream').set('Cache-Control', 'no-cache');
          res.write(`data: ${'x'.repeat(4000)}\n\n`);
          releaseStream = () => res.end(`data: last\n\n`);
        });
      },
    });
    const { client, organizationId } = await memberClient(app, 'owner');
    await createBoardUsers(app, organizationId, 25, (i) => ({ first_name: `First${i}`, last_name: `Last${i}`, email: `p${i}@zip.test`, board_name: 'Audit committee' }));
    cookies = cookieHeader(client.cookies);
    version = client.version;
  });
  afterAll(() => app.close());

  const inertia = () => ({ Cookie: cookies, 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest', 'X-Inertia-Version': version });

  it('JSON visits come compressed as negotiated and decode to the same body', async () => {
    const plain = await raw(app.url, '/board-users', { ...inertia(), 'Accept-Encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    for (const encoding of ['br', 'gzip']) {
      const res = await raw(app.url, '/board-users', { ...inertia(), 'Accept-Encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/X-Inertia/);
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decode(res))).toEqual(JSON.parse(plain.body.toString('utf8')));
    }
  });

  it('HTML pages too', async () => {
    const plain = await raw(app.url, '/board-users', { Cookie: cookies, 'Accept-Encoding': 'identity', Accept: 'text/html' });
    const res = await raw(app.url, '/board-users', { Cookie: cookies, 'Accept-Encoding': 'gzip, br', Accept: 'text/html' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // Each answer carries its own CSP nonce; everything else is the same document.
    const strip = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""').replace(/nonce-[A-Za-z0-9+/=_-]+/g, 'nonce-');
    expect(strip(decode(res))).toBe(strip(plain.body.toString('utf8')));
  });

  it('tiny bodies go as they are', async () => {
    const res = await raw(app.url, '/up', { 'Accept-Encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('a streamed CSV export is never compressed', async () => {
    const res = await raw(app.url, '/board-users/export', { Cookie: cookies, 'Accept-Encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString('utf8')).toMatch(/^\uFEFF?ID,First name/);
    expect(res.body.toString('utf8').split('\n').filter(Boolean)).toHaveLength(26);
  });

  it('server-sent events leave as they are written, uncompressed', async () => {
    let first = '';
    const done = raw(app.url, '/__test/events', { 'Accept-Encoding': 'br, gzip' }, (chunk) => {
      first = chunk.toString('utf8');
      releaseStream(); // the stream ends only after its first event arrived: it was not held back
    });
    const res = await done;
    expect(first.startsWith('data: xxx')).toBe(true);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString('utf8')).toBe(`data: ${'x'.repeat(4000)}\n\ndata: last\n\n`);
  });
});

describe('built assets', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'boardly-assets-'));
  const js = `export const big = ${JSON.stringify('boardly '.repeat(800))};\n`;
  let url: string;
  let close: () => void;

  beforeAll(async () => {
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets/app-abc123.js'), js);
    writeFileSync(path.join(dir, 'assets/app-abc123.js.br'), brotliCompressSync(js));
    writeFileSync(path.join(dir, 'assets/app-abc123.js.gz'), gzipSync(js));
    writeFileSync(path.join(dir, 'assets/logo-abc123.png'), Buffer.from([137, 80, 78, 71]));
    const server = express()
      .use(compression())
      .use('/build', ...buildAssets(dir))
      .listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it('are served precompressed as negotiated, cacheable forever, with Vary', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await raw(url, '/build/assets/app-abc123.js', { 'Accept-Encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(decode(res)).toBe(js);
    }
  });

  it('binary assets are immutable too; a missing one is an uncached 404', async () => {
    const png = await raw(url, '/build/assets/logo-abc123.png', { 'Accept-Encoding': 'br' });
    expect(png.status).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await raw(url, '/build/assets/app-old999.js', { 'Accept-Encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    const traversal = await raw(url, '/build/..%2f..%2fetc%2fpasswd.js', { 'Accept-Encoding': 'br' });
    expect(traversal.status).toBe(404);
  });
});
