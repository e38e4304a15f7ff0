import type { Config } from '../../config';
import { msg } from '../../i18n/message';
import { isForbiddenAddress, resolveAll } from '../../lib/outbound-address';

type Policy = Pick<Config, 'APP_ENV' | 'WEBHOOKS_ALLOW_HTTP' | 'WEBHOOKS_ALLOW_PRIVATE'>;

/** Plain http only outside production, and only where the operator allowed it. */
export const httpAllowed = (config: Policy) => config.APP_ENV !== 'production' && config.WEBHOOKS_ALLOW_HTTP;

/**
 * Why the app will not send to `url` (a message for the form's url field), or null. The same
 * address check runs again at every delivery (a name may resolve elsewhere by then).
 */
export async function urlRefusal(config: Policy, url: string): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return msg('validation.webhooks.url');
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && httpAllowed(config))) return msg('validation.webhooks.https');
  if (parsed.username || parsed.password) return msg('validation.webhooks.credentials');
  if (config.WEBHOOKS_ALLOW_PRIVATE) return null;
  let addresses: { address: string }[];
  try {
    addresses = await resolveAll(parsed.hostname);
  } catch {
    return msg('validation.webhooks.unresolved', { host: parsed.hostname });
  }
  if (addresses.length === 0) return msg('validation.webhooks.unresolved', { host: parsed.hostname });
  if (addresses.some((a) => isForbiddenAddress(a.address))) return msg('validation.webhooks.private', { host: parsed.hostname });
  return null;
}
