import type { IconGlyph } from '../Icon';

export const chevronUpIcon = 'm4.5 15.75 7.5-7.5 7.5 7.5' as IconGlyph;
