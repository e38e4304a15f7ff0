import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipeline } from '../../../server/http/pipeline';

/**
 * Issue #14: the middleware every request passes through runs as one layer (server/http/pipeline.ts).
 * It must behave as `app.use()` of each handler in turn.
 */
let server: ReturnType<express.Express['listen']>;
let base: string;

const mark =
  (name: string): RequestHandler =>
  (req, _res, next) => {
    (req as Request & { seen: string[] }).seen.push(name);
    next();
  };

beforeAll(async () => {
  const app = express();
  app.use((req, _res, next) => {
    (req as Request & { seen: string[] }).seen = [];
    next();
  });
  const fail =
    (how: string): RequestHandler =>
    async (req, _res, next) => {
      if (req.query.fail !== how) return next();
      if (how === 'next') return next(new Error('passed to next'));
      if (how === 'throw') throw new Error('thrown');
      await new Promise((r) => setTimeout(r, 1));
      throw new Error('rejected');
    };
  app.use(pipeline(mark('a'), fail('next'), (req, res, next) => (req.query.answer === 'early' ? void res.json({ early: true }) : next()), mark('b'), fail('throw'), fail('reject'), mark('c')));
  app.use(mark('after'));
  app.get('/', (req, res) => void res.json({ seen: (req as Request & { seen: string[] }).seen }));
  app.use((error: Error, req: Request, res: Response, _next: NextFunction) => void res.status(500).json({ error: error.message, seen: (req as Request & { seen: string[] }).seen }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

const get = async (query: string) => {
  const res = await fetch(`${base}/${query}`);
  return { status: res.status, body: await res.json() };
};

describe('pipeline', () => {
  it('runs every handler in order, then the layers after it', async () => {
    expect(await get('')).toEqual({ status: 200, body: { seen: ['a', 'b', 'c', 'after'] } });
  });

  it('stops where a handler answers', async () => {
    expect(await get('?answer=early')).toEqual({ status: 200, body: { early: true } });
  });

  it.each([
    ['next', 'passed to next', ['a']],
    ['throw', 'thrown', ['a', 'b']],
    ['reject', 'rejected', ['a', 'b']],
  ])('an error (%s) skips the rest and reaches the error handlers', async (how, message, seen) => {
    expect(await get(`?fail=${how}`)).toEqual({ status: 500, body: { error: message, seen } });
  });
});
