import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../../server/errors';
import { msg } from '../../../server/i18n/message';
import { createTestApp, type TestApp } from '../../helpers/app';

/**
 * An error page shows a message only when it says something the page's own text does not. The
 * server marks its status's own message `generic` (in every language); the pages used to compare
 * it with the English text, so a German or French generic sentence showed as an extra line.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({
    extraRoutes: (router) => {
      router.get('/test/forbidden-specific', () => {
        throw new HttpError(403, msg('messages.errors.onlyOwnersGrantOwner'));
      });
      router.get('/test/forbidden-generic', () => {
        throw new HttpError(403);
      });
    },
  });
});
afterAll(() => app.close());

describe('error page messages', () => {
  it.each(['en-US', 'de', 'fr'])('a status’s own message is marked generic (%s)', async (language) => {
    const client = app.client();
    await client.prime('/login');
    for (const path of ['/no-such-page', '/test/forbidden-generic']) {
      const page = (await client.get(path, { inertia: true, headers: { 'Accept-Language': language } })).json();
      expect(page.props.generic, path).toBe(true);
      expect(page.props.message, path).toBeTruthy();
    }
  });

  it('a specific message is not', async () => {
    const client = app.client();
    await client.prime('/login');
    const page = (await client.get('/test/forbidden-specific', { inertia: true })).json();
    expect(page.props.message).toBe('Only owners can make someone an owner.');
    expect(page.props.generic).toBeUndefined();
  });
});
