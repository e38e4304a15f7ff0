import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { rememberGuestLocale, useLocaleFor } from '../../i18n/locale';
import { validate } from '../../lib/validation';
import { localeSchema, type LocaleInput } from './schema';

export function localeController(ctx: AppContext) {
  return {
    /**
     * The guest language picker (sign-in and public pages): remembered in a cookie, and the page
     * comes back in that language. A signed-in user's language is their setting (/settings): the
     * cookie is left alone and they simply go back.
     */
    update(req: Request, res: Response) {
      const { locale } = validate(localeSchema, req.body) as LocaleInput;
      if (!req.user) {
        rememberGuestLocale(res, locale, ctx.config.APP_URL.startsWith('https:'));
        useLocaleFor(req, locale);
      }
      res.inertia.back('/');
    },
  };
}
