/**
 * The board portal's words, declared once for the server and the pages: how a board member wants
 * to be told about new insights, where a board user's portal access stands, and what an insight's
 * status is for the board member reading it.
 */
export const PORTAL_DELIVERIES = ['instant', 'daily', 'off'] as const;
export type PortalDelivery = (typeof PORTAL_DELIVERIES)[number];

/** A board user's portal access, as staff see it: no access, invited (never signed in), active. */
export const PORTAL_ACCESS_STATES = ['none', 'invited', 'active'] as const;
export type PortalAccessState = (typeof PORTAL_ACCESS_STATES)[number];

/** An insight for the board member reading it. */
export const RECEIPT_STATES = ['new', 'read', 'acknowledged'] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];

/** Counts of readers below this are not shown to staff (a count of one or two names its readers). */
export const MIN_READERS_SHOWN = 3;

/** A sign-in link asked for on the sign-in page is good for this long, once. */
export const SIGN_IN_LINK_MINUTES = 15;
/** The link in a portal invitation (no browser asked for it) is good for this long, once. */
export const INVITATION_LINK_DAYS = 7;
