import { router } from '@inertiajs/react';
import { route } from '../../../shared/routes';

/**
 * Every "Sign out" button: the live connection closes first (its auth requests in flight come
 * back), then the session ends — so no channel authorisation arrives signed out and answers 403.
 */
export async function signOut(options: Parameters<typeof router.post>[2] = {}): Promise<void> {
  await import('./echo').then(
    ({ quietEcho }) => quietEcho(),
    () => {},
  );
  router.post(route('logout'), {}, options);
}
