import type { IconGlyph } from '../Icon';

export const checkCircleIcon = 'M9 12.75 11.25 15 15 9.75M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z' as IconGlyph;
