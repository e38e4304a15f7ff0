import type { IconGlyph } from '../Icon';

export const chevronLeftIcon = 'M15.75 19.5 8.25 12l7.5-7.5' as IconGlyph;
