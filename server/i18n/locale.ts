import type { Request, Response } from 'express';
import { serialize } from 'cookie';
import { DEFAULT_LOCALE, interfaceLocale, isLocale, LOCALES, type Locale } from '../../shared/i18n';

/** A guest's chosen language (the picker on the sign-in pages); a signed-in user's is their setting. */
export const LOCALE_COOKIE = 'locale';

const chosen = new WeakMap<Request, Locale>();

/**
 * The language this request is answered in: the signed-in user's setting; for a guest, the
 * language they picked, else the best match of their browser's `Accept-Language`, else English.
 */
export function requestLocale(req: Request): Locale {
  const known = chosen.get(req);
  if (known) return known;
  const user = req.user;
  let locale: Locale;
  if (user) locale = interfaceLocale(user.locale);
  else if (req.portal) locale = interfaceLocale(req.portal.member.locale);
  else {
    const cookie = req.cookies?.[LOCALE_COOKIE];
    // A guest's page depends on these: a cache must not give one language's page to another.
    req.res?.vary('Accept-Language').vary('Cookie');
    const negotiated = isLocale(cookie) ? cookie : req.acceptsLanguages(...LOCALES);
    locale = isLocale(negotiated) ? negotiated : DEFAULT_LOCALE;
  }
  chosen.set(req, locale);
  return locale;
}

/** This request answers in `locale` from now on (the user just changed their language). */
export function useLocaleFor(req: Request, locale: Locale): void {
  chosen.set(req, locale);
}

export function rememberGuestLocale(res: Response, locale: Locale, secure: boolean): void {
  res.append('Set-Cookie', serialize(LOCALE_COOKIE, locale, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: 60 * 60 * 24 * 365 }));
}
