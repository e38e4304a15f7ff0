import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { flash } from '../../http/session-bridge';
import { msg } from '../../i18n/message';
import { validate } from '../../lib/validation';
import { actingIn } from '../../tenancy/from-request';
import { routeId, routeOrganization } from '../../tenancy/guard';
import { route } from '../../../shared/routes';
import { WEBHOOK_EVENTS } from '../../../shared/webhook-events';
import { endpointSchema, updateEndpointSchema } from './schema';
import * as webhooks from './service';
import { httpAllowed } from './url-policy';

/** An organisation's outgoing webhooks (admins and owners: the routes' guard). */
export function webhookController(ctx: AppContext) {
  const acting = (req: Request) => actingIn(req, routeOrganization(req));
  const endpointId = (req: Request) => routeId(req.params.endpointId);
  const back = (req: Request) => route('webhooks.show', { id: routeOrganization(req).id, endpointId: endpointId(req) });

  return {
    async index(req: Request, res: Response) {
      const org = routeOrganization(req);
      const endpoints = await webhooks.listEndpoints(ctx, acting(req));
      await res.inertia.render(
        'Organizations/Webhooks',
        { organization: { id: org.id, name: org.name }, endpoints, events: [...WEBHOOK_EVENTS], httpAllowed: httpAllowed(ctx.config) },
        { title: msg('messages.webhooks.title') },
      );
    },

    async store(req: Request, res: Response) {
      const input = validate(endpointSchema, req.body);
      const endpoint = await webhooks.createEndpoint(ctx, acting(req), input);
      flash(req, 'success', msg('messages.webhooks.created'));
      res.redirect(route('webhooks.show', { id: routeOrganization(req).id, endpointId: endpoint.id }));
    },

    async show(req: Request, res: Response) {
      const org = routeOrganization(req);
      const details = await webhooks.endpointDetails(ctx, acting(req), endpointId(req));
      await res.inertia.render(
        'Organizations/WebhookShow',
        { organization: { id: org.id, name: org.name }, ...details, events: [...WEBHOOK_EVENTS], httpAllowed: httpAllowed(ctx.config) },
        { title: msg('messages.webhooks.showTitle') },
      );
    },

    async update(req: Request, res: Response) {
      const id = endpointId(req);
      // Another organisation's endpoint is 404 before the form is looked at.
      await webhooks.findEndpoint(ctx, acting(req), id);
      const input = validate(updateEndpointSchema, req.body);
      await webhooks.updateEndpoint(ctx, acting(req), id, input);
      flash(req, 'success', msg('messages.webhooks.saved'));
      res.redirect(303, back(req));
    },

    async destroy(req: Request, res: Response) {
      await webhooks.deleteEndpoint(ctx, acting(req), endpointId(req));
      flash(req, 'success', msg('messages.webhooks.deleted'));
      res.redirect(303, route('webhooks.index', { id: routeOrganization(req).id }));
    },

    async rotate(req: Request, res: Response) {
      await webhooks.rotateSecret(ctx, acting(req), endpointId(req));
      flash(req, 'success', msg('messages.webhooks.rotated'));
      res.redirect(303, back(req));
    },

    async test(req: Request, res: Response) {
      await webhooks.sendTestEvent(ctx, acting(req), endpointId(req));
      flash(req, 'success', msg('messages.webhooks.testQueued'));
      res.redirect(303, back(req));
    },
  };
}
