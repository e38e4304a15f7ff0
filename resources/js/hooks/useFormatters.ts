import { usePage } from '@inertiajs/react';
import { useMemo } from 'react';
import { isLocale } from '../../../shared/i18n';
import { DEFAULT_LOCALE, DEFAULT_TIME_ZONE, formatDate, formatDateTime, formatMoney, formatNumber, formatRelative, type DateInput } from '@/lib/format';

export interface Formatters {
  locale: string;
  timeZone: string;
  date: (value: DateInput, style?: Intl.DateTimeFormatOptions) => string;
  dateTime: (value: DateInput, style?: Intl.DateTimeFormatOptions) => string;
  number: (value: number | null | undefined, options?: Intl.NumberFormatOptions) => string;
  money: (cents: number | null | undefined, currency?: string) => string;
  relative: (value: DateInput, now?: Date | number) => string;
}

/**
 * lib/format bound to the signed-in user's locale and time zone; for guests, the interface's
 * language (the page's `locale`: their pick or their browser's) and UTC.
 */
export function useFormatters(): Formatters {
  const props = usePage().props as { auth?: { user?: { locale?: string; timezone?: string } | null }; locale?: unknown };
  const user = props.auth?.user;
  const locale = user?.locale || (isLocale(props.locale) ? props.locale : DEFAULT_LOCALE);
  const timeZone = user?.timezone || DEFAULT_TIME_ZONE;
  return useMemo(() => {
    const options = { locale, timeZone };
    return {
      locale,
      timeZone,
      date: (value, style) => formatDate(value, options, style),
      dateTime: (value, style) => formatDateTime(value, options, style),
      number: (value, opts) => formatNumber(value, options, opts),
      money: (cents, currency) => formatMoney(cents, currency, locale),
      relative: (value, now) => formatRelative(value, options, now),
    };
  }, [locale, timeZone]);
}

export default useFormatters;
