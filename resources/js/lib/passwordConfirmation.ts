import { isAxiosError } from 'axios';
import { http } from './http';
import { t } from '@/i18n';
import { route } from '../../../shared/routes';

/** Whether the server still counts the password as confirmed (three hours after typing it). */
export async function passwordConfirmed(): Promise<boolean> {
  const { data } = await http.get<{ confirmed: boolean }>(route('password.confirmation-status'), { headers: { Accept: 'application/json' } });
  return data.confirmed === true;
}

/** Confirms the password; answers the message to show under the field when it is refused. */
export async function confirmPassword(password: string): Promise<{ ok: true } | { ok: false; error: string }> {
  try {
    await http.post(route('password.confirm-in-dialog'), { password }, { headers: { Accept: 'application/json' } });
    return { ok: true };
  } catch (error) {
    if (isAxiosError(error) && error.response) {
      const body = error.response.data as { message?: string; errors?: Record<string, string> } | undefined;
      return { ok: false, error: body?.errors?.password ?? body?.message ?? t('app.confirmPassword.failed') };
    }
    return { ok: false, error: t('common.errors.unreachable') };
  }
}
