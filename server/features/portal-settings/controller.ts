import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { flash } from '../../http/session-bridge';
import { useLocaleFor } from '../../i18n/locale';
import { msg } from '../../i18n/message';
import { validate } from '../../lib/validation';
import { portalActor, portalOf } from '../../tenancy/portal';
import { interfaceLocale, LOCALE_NAMES, LOCALES } from '../../../shared/i18n';
import { PORTAL_DELIVERIES } from '../../../shared/portal';
import { route } from '../../../shared/routes';
import { portalSettingsSchema, type PortalSettingsInput } from './schema';
import * as service from './service';
import * as portalPasskeys from '../portal-auth/passkey-service';

export function portalSettingsController(ctx: AppContext) {
  return {
    /** The board member's own settings; organisations with named read receipts are named on it. */
    async edit(req: Request, res: Response) {
      const { member, records } = portalOf(req);
      await res.inertia.render(
        'Portal/Settings',
        {
          settings: { delivery: member.delivery, locale: interfaceLocale(member.locale) },
          deliveries: [...PORTAL_DELIVERIES],
          locales: LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] })),
          named_read_receipts: records.filter((r) => r.named_read_receipts).map((r) => ({ id: r.organization_id, name: r.organization_name })),
          passkeys: await portalPasskeys.list(ctx, member.id),
        },
        { title: msg('messages.titles.portalSettings') },
      );
    },

    async update(req: Request, res: Response) {
      const { member } = portalOf(req);
      const input = validate(portalSettingsSchema, req.body) as PortalSettingsInput;
      const changed = await service.updatePortalSettings(ctx, portalActor(req), member.id, input);
      // The answer is read in the language just chosen.
      useLocaleFor(req, input.locale);
      flash(req, 'success', changed ? msg('messages.portalSettings.saved') : msg('messages.portalSettings.nothingToChange'));
      res.redirect(303, route('portal.settings'));
    },
  };
}
