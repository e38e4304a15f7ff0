import type { IconGlyph } from '../Icon';

export const checkIcon = 'm4.5 12.75 6 6 9-13.5' as IconGlyph;
