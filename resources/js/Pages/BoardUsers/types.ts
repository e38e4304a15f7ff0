export type BoardUserStatus = 'active' | 'inactive';

export interface BoardUserRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  position: string | null;
  board_name: string | null;
  status: BoardUserStatus;
  tags: string[];
  joined_on: string | null;
  deleted_at: string | null;
}

export interface BoardUser extends BoardUserRow {
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export interface BoardUserFilters {
  search: string;
  status: BoardUserStatus | null;
  trashed: 'with' | 'only' | null;
  sort: 'name' | 'email' | 'board' | 'status' | 'joined_on';
  direction: 'asc' | 'desc';
}

/** What the form edits; tags travel as comma-separated text and are split on submit. */
export interface BoardUserFormData {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  position: string;
  board_name: string;
  status: BoardUserStatus;
  tags: string;
  notes: string;
  joined_on: string;
}

export const fullName = (b: { first_name: string; last_name: string }) => `${b.first_name} ${b.last_name}`;

export const splitTags = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

export const MAX_TAGS = 10;

/** How many tags the server will keep: it merges duplicates whatever their case. */
export const tagCount = (text: string) => new Set(splitTags(text).map((t) => t.toLowerCase())).size;
