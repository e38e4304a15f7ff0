import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { ConflictError, HttpError, ValidationError } from '../../server/errors';
import { msg } from '../../server/i18n/message';
import { problemOf, sendProblem } from '../../server/features/api/problem';

const request = (headers: Record<string, string> = {}, log?: { error: (...args: unknown[]) => void }) =>
  ({ headers, get: (name: string) => headers[name.toLowerCase()], acceptsLanguages: () => false, log, res: { vary: () => ({ vary: () => undefined }) } }) as unknown as Request;

describe('API problems (RFC 9457)', () => {
  it('an unexpected error is a 500 that says nothing of its cause, and is logged', () => {
    const logged: unknown[] = [];
    const sent: { status?: number; type?: string; body?: string } = {};
    const res = {
      headersSent: false,
      status(s: number) {
        sent.status = s;
        return this;
      },
      set() {
        return this;
      },
      type(t: string) {
        sent.type = t;
        return this;
      },
      send(body: string) {
        sent.body = body;
      },
    } as unknown as Response;
    const error = new Error('connection to 10.0.0.5 refused at /srv/app/secret.ts:12');
    sendProblem(request({}, { error: (...args) => logged.push(args) }), res, error);
    expect(sent.status).toBe(500);
    expect(sent.type).toBe('application/problem+json');
    const body = JSON.parse(sent.body!);
    expect(body).toMatchObject({ type: 'about:blank', title: 'Internal Server Error', status: 500 });
    expect(sent.body).not.toContain('10.0.0.5');
    expect(sent.body).not.toContain('secret.ts');
    expect(logged).toHaveLength(1);
  });

  it('field errors become lists per field, a stale version a 412, an HttpError its status', () => {
    const invalid = problemOf(request(), new ValidationError({ email: msg('validation.boardUsers.emailTaken'), 'tags.2': 'Too long' }));
    expect(invalid.problem.status).toBe(422);
    expect(invalid.problem.errors).toEqual({ email: [expect.any(String)], 'tags.2': ['Too long'] });
    expect(invalid.problem.errors!.email[0]).not.toContain('validation.');
    expect(problemOf(request(), new ConflictError()).problem).toMatchObject({ status: 412, type: 'urn:boardly:problem:precondition-failed' });
    expect(problemOf(request(), new HttpError(404)).problem).toMatchObject({ status: 404, title: 'Not Found', type: 'about:blank' });
    expect(problemOf(request(), Object.assign(new Error('too big'), { status: 413 })).problem).toMatchObject({ status: 413, title: 'Payload Too Large' });
  });
});
