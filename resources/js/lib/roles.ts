import type { Role } from '@/types';

/** How a role is named and coloured wherever it shows (badges, pickers, sentences). */
export const roleLabels: Record<Role, string> = { owner: 'Owner', admin: 'Admin', editor: 'Editor', viewer: 'Viewer' };
export const roleTones = { owner: 'brand', admin: 'info', editor: 'success', viewer: 'neutral' } as const;
