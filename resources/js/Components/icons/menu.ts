import type { IconGlyph } from '../Icon';

export const menuIcon = 'M3.75 6.75h16.5M3.75 12h16.5M3.75 17.25h16.5' as IconGlyph;
