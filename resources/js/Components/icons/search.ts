import type { IconGlyph } from '../Icon';

export const searchIcon = 'm21 21-5.2-5.2m0 0A7.5 7.5 0 1 0 5.2 5.2a7.5 7.5 0 0 0 10.6 10.6Z' as IconGlyph;
