import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { flash } from '../../http/session-bridge';
import { msg } from '../../i18n/message';
import { routeId } from '../../tenancy/guard';
import { portalActor, portalOf } from '../../tenancy/portal';
import { route } from '../../../shared/routes';
import * as service from './service';

/** The director's home and reading (docs/product.md "Board members"): validate → service → render/redirect. */
export function portalController(ctx: AppContext) {
  return {
    async index(req: Request, res: Response) {
      const home = await service.home(ctx, portalOf(req));
      await res.inertia.render('Portal/Index', home, { title: msg('messages.portalReading.homeTitle') });
    },

    async show(req: Request, res: Response) {
      const id = routeId(req.params.id);
      const props = await service.read(ctx, portalOf(req), portalActor(req), id);
      await res.inertia.render('Portal/Insights/Show', props, { title: props.insight.title });
    },

    async acknowledge(req: Request, res: Response) {
      const id = routeId(req.params.id);
      const { changed } = await service.acknowledge(ctx, portalOf(req), portalActor(req), id);
      flash(req, 'success', changed ? msg('messages.portalReading.acknowledged') : msg('messages.portalReading.alreadyAcknowledged'));
      res.redirect(303, route('portal.insights.show', { id }));
    },
  };
}
