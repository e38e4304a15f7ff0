import type { IconGlyph } from '../Icon';

export const chevronDownIcon = 'm19.5 8.25-7.5 7.5-7.5-7.5' as IconGlyph;
