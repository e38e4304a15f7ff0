import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { rememberGuestLocale, useLocaleFor } from '../../i18n/locale';
import { validate } from '../../lib/validation';
import { localeSchema, type LocaleInput } from './schema';
import { setPortalMemberLocale } from '../portal/repository';

export function localeController(ctx: AppContext) {
  return {
    /**
     * The guest language picker (sign-in and public pages): remembered in a cookie, and the page
     * comes back in that language. A signed-in user's language is their setting (/settings): the
     * cookie is left alone and they simply go back. A board member's language is theirs, kept with
     * their portal identity (their mails use it too).
     */
    async update(req: Request, res: Response) {
      const { locale } = validate(localeSchema, req.body) as LocaleInput;
      if (req.portal) {
        await setPortalMemberLocale(ctx.db, req.portal.member.id, locale, ctx.clock.now());
        useLocaleFor(req, locale);
      } else if (!req.user) {
        rememberGuestLocale(res, locale, ctx.config.APP_URL.startsWith('https:'));
        useLocaleFor(req, locale);
      }
      res.inertia.back('/');
    },
  };
}
