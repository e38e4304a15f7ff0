import type { IconGlyph } from '../Icon';

export const chevronRightIcon = 'm8.25 4.5 7.5 7.5-7.5 7.5' as IconGlyph;
