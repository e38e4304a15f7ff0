/**
 * The page and form width system. Pages are as wide as the app shell's main column (max-w-7xl,
 * left-aligned, never centred on their own); a form sits in one of these widths, left-aligned.
 */
export const FORM_WIDTHS = {
  /** Every record form and settings page: invite, change role, board user, organisation, profile. */
  form: 'w-full max-w-3xl',
  /** Long-form writing with a preview (an insight). */
  wide: 'w-full max-w-5xl',
} as const;

export type FormWidth = keyof typeof FORM_WIDTHS;
