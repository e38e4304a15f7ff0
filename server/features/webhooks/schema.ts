import { z } from 'zod';
import { checkbox, optionalString, rule } from '../../lib/fields';
import { withLabels } from '../../lib/validation';
import { msg } from '../../i18n/message';
import { WEBHOOK_EVENTS } from '../../../shared/webhook-events';

const events = z
  .array(z.string(), { error: () => msg('validation.webhooks.events') })
  .max(WEBHOOK_EVENTS.length)
  .transform((list) => [...new Set(list)])
  .refine((list) => list.length > 0, msg('validation.webhooks.events'))
  .refine((list) => list.every((e) => (WEBHOOK_EVENTS as readonly string[]).includes(e)), msg('validation.webhooks.unknownEvent'));

const url = z
  .string({ error: () => rule('required', 'url') })
  .trim()
  .min(1, rule('required', 'url'))
  .max(2000, rule('max', 'url', { max: 2000 }))
  .refine((u) => URL.canParse(u), msg('validation.webhooks.url'));

export const endpointSchema = withLabels(
  z.object({
    url,
    description: optionalString('description', 255).optional(),
    events,
  }),
  { url: 'URL', description: 'description' },
);

export const updateEndpointSchema = withLabels(
  z.object({
    url,
    description: optionalString('description', 255).optional(),
    events,
    enabled: checkbox,
  }),
  { url: 'URL', description: 'description' },
);

export type EndpointInput = z.infer<typeof endpointSchema>;
export type UpdateEndpointInput = z.infer<typeof updateEndpointSchema>;
