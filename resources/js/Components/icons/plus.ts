import type { IconGlyph } from '../Icon';

export const plusIcon = 'M12 4.5v15m7.5-7.5h-15' as IconGlyph;
