import { z } from 'zod';
import { confirmed, currentPassword, email, password, requiredString } from '../../lib/fields';
import { withLabels } from '../../lib/validation';

export const updateProfileSchema = z.object({
  name: requiredString('name', 255),
  email: email(),
});

/** The form labels the new password "New password". */
export const updatePasswordSchema = withLabels(
  confirmed(
    z.object({
      current_password: currentPassword('current password'),
      password: password(),
      password_confirmation: z.unknown(),
    }),
  ),
  { password: 'new password' },
);

export const deleteAccountSchema = z.object({ password: currentPassword() });
