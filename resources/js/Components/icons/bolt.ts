import type { IconGlyph } from '../Icon';

export const boltIcon = 'm3.75 13.5 10.5-11.25L12 10.5h8.25L9.75 21.75 12 13.5H3.75Z' as IconGlyph;
