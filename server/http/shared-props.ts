import type { Request } from 'express';
import type { AppContext } from '../context';
import { realtimeClientConfig } from './realtime-client-config';

/** Props every page receives; their shape is typed once for the client in resources/js/types. */
export async function sharedProps(ctx: AppContext, req: Request): Promise<Record<string, unknown>> {
  return {
    appName: ctx.config.APP_NAME,
    auth: { user: null },
    flash: req.session.get('flash') ?? {},
    realtime: realtimeClientConfig(ctx.config, req),
  };
}
