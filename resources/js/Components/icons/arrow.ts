import type { IconGlyph } from '../Icon';

export const arrowIcon = 'M13.5 4.5 21 12m0 0-7.5 7.5M21 12H3' as IconGlyph;
