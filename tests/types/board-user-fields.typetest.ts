/**
 * Issue #25: forgetting a board-user field anywhere that names every field is a type error
 * (checked by `npm run typecheck`; nothing here runs).
 */
import type { BoardUserField, BoardUserFormValues, BoardUserValues } from '../../shared/board-user-fields';
import type { ExportRow } from '../../server/features/board-users/repository';
import type { Selectable } from 'kysely';
import type { BoardUsersTable } from '../../server/db/types';

// A table of every field (labels, widths, …) that leaves one out does not compile.
// @ts-expect-error term_ends_on is missing
export const labels: Record<BoardUserField, string> = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  position: '',
  board_name: '',
  status: '',
  tags: '',
  joined_on: '',
  term_started_on: '',
  notes: '',
};

// The form's data must hold every field…
// @ts-expect-error term_started_on and term_ends_on are missing
export const form: BoardUserFormValues = { first_name: '', last_name: '', email: '', phone: '', position: '', board_name: '', status: 'active', tags: '', notes: '', joined_on: '' };

// …and a field that does not exist is no field.
// @ts-expect-error committee is not a board-user field
export const unknown: BoardUserField = 'committee';

// What the server stores for a required field is text, never null.
// @ts-expect-error first_name is required
export const stored: Pick<BoardUserValues, 'first_name'> = { first_name: null };

// The export's rows carry every field.
export const exported = (row: ExportRow): string | null => row.term_ends_on;

// The table's columns come from the contract too: each field's column has its kind's type.
export const column = (row: Selectable<BoardUsersTable>): { ends: string | null; tags: string[]; first: string } => ({ ends: row.term_ends_on, tags: row.tags, first: row.first_name });
// @ts-expect-error a required field's column is never null
export const nullName: Selectable<BoardUsersTable>['first_name'] = null;
