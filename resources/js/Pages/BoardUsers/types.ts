import type { BoardUser as BoardUserRecord, BoardUserStatus } from '../../../../server/db/types';
import type { Serialized } from '@/types';
import { joinTags as joinTagList, splitTags as splitTagList } from '../../../../shared/tag-list';
import type { BoardUserFormValues, BoardUserSort } from '../../../../shared/board-user-fields';
import type { PortalAccessState } from '../../../../shared/portal';

export type { BoardUserStatus };

/** A board user as pages receive it: the table's row (server/db/types.ts) after JSON. */
export type BoardUser = Serialized<Omit<BoardUserRecord, 'organization_id' | 'sort_name' | 'search_text' | 'tag_keys'>>;

/** The columns the list shows, with the row's portal access (shared/portal.ts). */
export type BoardUserRow = Omit<BoardUser, 'notes' | 'created_at' | 'updated_at'> & { portal_access: PortalAccessState };

export interface BoardUserFilters {
  search: string;
  tags: string[];
  status: BoardUserStatus | null;
  trashed: 'with' | 'only' | null;
  sort: BoardUserSort;
  direction: 'asc' | 'desc';
}

/** What the form edits (shared/board-user-fields.ts); tags travel as comma-separated text and are split on submit. */
export type BoardUserFormData = BoardUserFormValues;

export const fullName = (b: { first_name: string; last_name: string }) => `${b.first_name} ${b.last_name}`;

/** The form's tags: comma-separated, a tag holding a comma in quotes (`finance, "a,b"`). */
export const splitTags = (text: string) => splitTagList(text, ',');
export const joinTags = (tags: readonly string[]) => joinTagList(tags, ', ');
/** The tag filter as the URL holds it (`?tags=finance,audit`); `splitTags` reads it back. */
export const filterTags = (tags: readonly string[]) => joinTagList(tags, ',');

export const MAX_TAGS = 10;

/** A tag of the organisation and how many live board users carry it (the tag filter's options). */
export interface TagCount {
  name: string;
  count: number;
}

/** How many tags the server will keep: it merges duplicates whatever their case. */
export const tagCount = (text: string) => new Set(splitTags(text).map((t) => t.toLowerCase())).size;
