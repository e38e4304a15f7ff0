import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { actingFrom, actingIn } from '../../tenancy/from-request';
import { flash } from '../../http/session-bridge';
import { validate } from '../../lib/validation';
import { authorize } from '../../tenancy/guard';
import { can } from '../../tenancy/policy';
import { localeChoices } from './locales';
import { requestLocale } from '../../i18n/locale';
import { organizationSettingsSchema, preferencesSchema } from './schema';
import * as service from './service';
import { versionOfValues, versionSchema } from '../../lib/concurrency';
import { msg } from '../../i18n/message';
import { route } from '../../../shared/routes';

export function settingsController(ctx: AppContext) {
  return {
    async edit(req: Request, res: Response) {
      const user = req.user!;
      const org = req.organization;
      const managesOrg = !!org && can(org.role, 'manageOrganization', user.is_platform_admin);
      await res.inertia.render(
        'Settings/Index',
        {
          preferences: { locale: user.locale, timezone: user.timezone, version: versionOfValues(service.preferenceValues(user)) },
          locales: localeChoices(requestLocale(req)),
          organization:
            managesOrg && org
              ? {
                  id: org.id,
                  name: org.name,
                  slug: org.slug,
                  public_page_enabled: org.public_page_enabled,
                  version: versionOfValues(service.organizationSettingValues(org)),
                  public_url: ctx.url(route('public-insights.index', { orgSlug: org.slug })),
                }
              : null,
        },
        { title: msg('messages.titles.settings') },
      );
    },

    /** Two forms post here: language and region (`locale`, `timezone`), and the organisation's switch. */
    async update(req: Request, res: Response) {
      const body = (req.body ?? {}) as Record<string, unknown>;
      if ('public_page_enabled' in body && !('locale' in body) && !('timezone' in body)) {
        authorize(req, 'manageOrganization');
        const { public_page_enabled } = validate(organizationSettingsSchema, body);
        const changed = await service.updateOrganizationSettings(ctx, actingIn(req), public_page_enabled, validate(versionSchema, body).version);
        flash(req, 'success', changed ? msg(public_page_enabled ? 'messages.settings.publicPageOn' : 'messages.settings.publicPageOff') : msg('messages.settings.nothingToChange'));
      } else {
        const input = validate(preferencesSchema, body);
        const changed = await service.updatePreferences(ctx, actingFrom(req), input, validate(versionSchema, body).version);
        flash(req, 'success', changed ? msg('messages.settings.preferencesSaved') : msg('messages.settings.nothingToChange'));
      }
      res.redirect(303, route('settings.edit'));
    },
  };
}
