import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import { flash } from '../../http/session-bridge';
import { actingFrom } from '../../tenancy/from-request';
import { validate } from '../../lib/validation';
import { REMEMBER_SELECTOR } from '../auth/remember';
import { sessionIdSchema, signOutOthersSchema } from './schema';
import * as sessions from './service';
import { msg } from '../../i18n/message';
import { route } from '../../../shared/routes';

export function browserSessionsController(ctx: AppContext) {
  return {
    async destroyOthers(req: Request, res: Response) {
      const { password } = validate(signOutOthersSchema, req.body);
      const count = await sessions.signOutOthers(ctx, actingFrom(req), password, req.session.id, req.session.get<string>(REMEMBER_SELECTOR) ?? null);
      flash(req, 'success', count ? msg('messages.browserSessions.signedOutOthers', { count }) : msg('messages.browserSessions.noOthers'));
      res.redirect(303, route('profile.edit'));
    },

    async destroy(req: Request, res: Response) {
      const id = sessionIdSchema.safeParse(req.params.id);
      if (!id.success || !(await sessions.signOutOne(ctx, actingFrom(req), id.data, req.session.id))) throw new HttpError(404);
      flash(req, 'success', msg('messages.browserSessions.signedOutOne'));
      res.redirect(303, route('profile.edit'));
    },
  };
}
