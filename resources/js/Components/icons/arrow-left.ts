import type { IconGlyph } from '../Icon';

export const arrowLeftIcon = 'M10.5 19.5 3 12m0 0 7.5-7.5M3 12h18' as IconGlyph;
