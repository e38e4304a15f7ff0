import { t } from '@/i18n';
import type { Role } from '@/types';

/**
 * How a role is named and coloured wherever it shows (badges, pickers, sentences). The names are
 * read when shown (getters), so they follow the interface's language.
 */
export const roleLabels: Readonly<Record<Role, string>> = {
  get owner() {
    return t('common.roles.owner');
  },
  get admin() {
    return t('common.roles.admin');
  },
  get editor() {
    return t('common.roles.editor');
  },
  get viewer() {
    return t('common.roles.viewer');
  },
};
export const roleTones = { owner: 'brand', admin: 'info', editor: 'success', viewer: 'neutral' } as const;

/** A role named in the interface's language; a role this build does not know, as it is. */
export const roleName = (role: string): string => (role in roleLabels ? roleLabels[role as Role] : role);
