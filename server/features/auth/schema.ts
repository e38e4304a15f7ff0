import { z } from 'zod';
import { checkbox, confirmed, currentPassword, email, password, requiredString } from '../../lib/fields';

export const registerSchema = confirmed(
  z.object({
    name: requiredString('name', 255),
    email: email(),
    password: password(),
    password_confirmation: z.unknown(),
  }),
);

export const loginSchema = z.object({
  email: email(),
  password: currentPassword(),
  remember: checkbox,
});

export const forgotPasswordSchema = z.object({ email: email() });

export const resetPasswordSchema = confirmed(
  z.object({
    token: requiredString('token', 200),
    email: email(),
    password: password(),
    password_confirmation: z.unknown(),
  }),
);

export const confirmPasswordSchema = z.object({ password: currentPassword() });
