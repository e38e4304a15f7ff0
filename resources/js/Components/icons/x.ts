import type { IconGlyph } from '../Icon';

export const xIcon = 'M6 18 18 6M6 6l12 12' as IconGlyph;
