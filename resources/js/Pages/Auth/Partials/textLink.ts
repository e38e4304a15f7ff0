/** An inline text link in the account pages (footers, "Forgot your password?"). */
export const textLink = 'rounded font-medium text-brand-700 underline decoration-brand-300 underline-offset-4 hover:decoration-current dark:text-brand-300 dark:decoration-brand-300/50';
