import { z } from 'zod';
import { queryPage } from '../../lib/query';
import { oneOf } from '../../lib/fields';
import { PLAN_ORDER } from '../../account/plans';

export const changePlanSchema = z.object({
  plan: oneOf('plan', PLAN_ORDER as ['free', 'team', 'business']),
});

export const historyQuerySchema = z.object({ page: queryPage });
