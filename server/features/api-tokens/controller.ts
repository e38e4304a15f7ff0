import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { flash } from '../../http/session-bridge';
import { msg } from '../../i18n/message';
import { decryptString, deriveKey, encryptString } from '../../lib/encryption';
import { validate } from '../../lib/validation';
import { actingIn } from '../../tenancy/from-request';
import { routeId, routeOrganization } from '../../tenancy/guard';
import { API_ABILITIES, API_TOKEN_MAX_DAYS, API_TOKEN_MIN_DAYS } from '../../../shared/api-abilities';
import { route } from '../../../shared/routes';
import { apiTokenList, createApiToken, revokeApiToken } from './service';
import { createApiTokenSchema } from './schema';

/** The new token's secret waits here, sealed, for the next request only (the page it redirects to). */
const CREATED_KEY = 'api_tokens.created';
const sealKey = (ctx: AppContext) => deriveKey(ctx.key, 'api-token-shown-once');

interface CreatedToken {
  organization_id: number;
  id: number;
  name: string;
  token: string;
}

/** Organisation API tokens (issue #28): admins and owners, through the route's policy guard. */
export function apiTokenController(ctx: AppContext) {
  /** The token made by the previous request, for this organisation's page, taken (never shown twice). */
  const takeCreated = (req: Request, organizationId: number): Omit<CreatedToken, 'organization_id'> | null => {
    if (req.get('purpose') === 'prefetch') return null;
    const sealed = req.session.pull<string>(CREATED_KEY);
    const plain = typeof sealed === 'string' ? decryptString(sealKey(ctx), sealed) : null;
    const created = plain ? (JSON.parse(plain) as CreatedToken) : null;
    return created && created.organization_id === organizationId ? { id: created.id, name: created.name, token: created.token } : null;
  };

  return {
    async index(req: Request, res: Response) {
      const org = routeOrganization(req);
      const tokens = await apiTokenList(ctx, org.id);
      await res.inertia.render(
        'Organizations/ApiTokens',
        {
          organization: { id: org.id, name: org.name },
          tokens,
          abilities: [...API_ABILITIES],
          expiry: { min: API_TOKEN_MIN_DAYS, max: API_TOKEN_MAX_DAYS },
          created: takeCreated(req, org.id),
        },
        { title: msg('messages.apiTokens.title', { name: org.name }) },
      );
    },

    async store(req: Request, res: Response) {
      const org = routeOrganization(req);
      const input = validate(createApiTokenSchema, req.body);
      const created = await createApiToken(ctx, actingIn(req, org), input);
      const sealed: CreatedToken = { organization_id: org.id, ...created };
      req.session.flash(CREATED_KEY, encryptString(sealKey(ctx), JSON.stringify(sealed)));
      flash(req, 'success', msg('messages.apiTokens.created', { name: created.name }));
      res.redirect(303, route('api-tokens.index', { id: org.id }));
    },

    async destroy(req: Request, res: Response) {
      const org = routeOrganization(req);
      const { name } = await revokeApiToken(ctx, actingIn(req, org), routeId(req.params.tokenId));
      flash(req, 'success', msg('messages.apiTokens.revoked', { name }));
      res.redirect(303, route('api-tokens.index', { id: org.id }));
    },
  };
}
