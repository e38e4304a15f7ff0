/** The one HTML escaper of the server-rendered bits (the root view, public pages' <head>, mails). */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** For a text node (quotes stay as they are: they are plain text there). */
export const escapeText = (s: string) => s.replace(/[&<>]/g, (c) => ENTITIES[c]);

/** For an attribute value (quoted either way) — and safe anywhere else. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c]);
