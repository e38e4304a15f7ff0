import { z } from 'zod';
import { currentPassword, email, password, requiredString } from '../../lib/fields';

export const updateProfileSchema = z.object({
  name: requiredString('name', 255),
  email: email(),
});

export const updatePasswordSchema = z
  .object({
    current_password: currentPassword('current password'),
    password: password(),
    password_confirmation: z.unknown(),
  })
  .refine((v) => v.password === v.password_confirmation, { path: ['password'], message: 'The password confirmation does not match.' });

export const deleteAccountSchema = z.object({ password: currentPassword() });
