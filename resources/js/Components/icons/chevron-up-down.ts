import type { IconGlyph } from '../Icon';

export const chevronUpDownIcon = 'M8.25 15 12 18.75 15.75 15m-7.5-6L12 5.25 15.75 9' as IconGlyph;
