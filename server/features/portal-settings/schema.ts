import { z } from 'zod';
import { isLocale, type Locale } from '../../../shared/i18n';
import { PORTAL_DELIVERIES, type PortalDelivery } from '../../../shared/portal';
import { msg } from '../../i18n/message';

/** A board member's own settings: how they are told of new insights, and their language. */
export const portalSettingsSchema = z.object({
  delivery: z.unknown().refine((v): v is PortalDelivery => typeof v === 'string' && (PORTAL_DELIVERIES as readonly string[]).includes(v), {
    message: msg('validation.portalSettings.deliveryInvalid'),
  }),
  locale: z.unknown().refine((v): v is Locale => isLocale(v), { message: msg('common.language.invalid') }),
});

export type PortalSettingsInput = { delivery: PortalDelivery; locale: Locale };
