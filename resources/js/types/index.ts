import type { Role } from '../../../server/db/types';
import type { sharedProps } from '../../../server/shared-props';

export type { Role };

/** What JSON makes of a server value: Dates arrive as ISO strings. */
export type Serialized<T> = T extends Date ? string : T extends readonly (infer U)[] ? Serialized<U>[] : T extends object ? { [K in keyof T]: Serialized<T[K]> } : T;

/** Props every page receives: the type of what server/shared-props.ts builds, not a copy of it. */
export type SharedProps = Serialized<{ [K in keyof SharedSource]: Resolved<SharedSource[K]> }> & { [key: string]: unknown };
type SharedSource = ReturnType<typeof sharedProps>;
/** A lazy shared prop is a function the server calls when the page sends that prop. */
type Resolved<T> = T extends () => infer R ? Awaited<R> : T;

export type AuthUser = NonNullable<SharedProps['auth']['user']>;
/** The current organisation; `role` is null for a platform admin who is not a member. */
export type CurrentOrganization = NonNullable<SharedProps['auth']['organization']>;
export type OrganizationSummary = SharedProps['auth']['organizations'][number];
/** What the signed-in user may do in the current organisation (buttons are hidden otherwise). */
export type Abilities = SharedProps['auth']['can'];
export type FlashMessages = SharedProps['flash'];
export type RealtimeConfig = SharedProps['realtime'];

export interface Paginated<T> {
  data: T[];
  meta: {
    current_page: number;
    last_page: number;
    per_page: number;
    total: number;
    from: number | null;
    to: number | null;
  };
  links: { url: string | null; label: string; active: boolean }[];
}

/** Realtime events and their payloads are declared once, in shared/realtime-events.ts. */
export type { ActivityEntry, BoardUserImportProgress, OrganizationEvents, UserEvents } from '../../../shared/realtime-events';
