/**
 * Every field of a board user a person edits, declared once (issue #25, ADR 0029). From here
 * derive: the server's validation (server/features/board-users/schema.ts), the list, export and
 * import columns, the activity diff, the form's data type and the field's name in every language
 * (`validation.import.fields.<name>`, also the CSV header and the diff's label). A new field is one
 * entry below, its column (a migration and server/db/types.ts) and its words in lang/; whatever
 * else must name it takes a `Record<BoardUserField, …>`, so a forgotten place does not compile.
 */
export const BOARD_USER_STATUSES = ['active', 'inactive'] as const;
export type BoardUserStatus = (typeof BOARD_USER_STATUSES)[number];

export type BoardUserFieldKind = 'text' | 'email' | 'phone' | 'status' | 'tags' | 'notes' | 'date';

export interface BoardUserFieldSpec {
  kind: BoardUserFieldKind;
  /** Its label on the pages: `boardUsers.form.fields.<label>` (the form), `boardUsers.show.fields.<label>` (the record). */
  label: string;
  /** Its name in validation messages: `validation.attributes.<attribute with underscores>`. */
  attribute: string;
  /** Longest text accepted (text, email, phone, notes). */
  max?: number;
  required?: boolean;
  /** In the activity log's before/after diff (notes: only "notes changed", they are long free text). */
  logged: boolean;
  /** In the list's rows (notes are only on the record's page). */
  listed: boolean;
  /** Other CSV headers that mean this field, normalised (lower-case letters and digits). */
  importHeaders: readonly string[];
}

export const BOARD_USER_FIELDS = {
  first_name: {
    kind: 'text',
    label: 'firstName',
    attribute: 'first name',
    max: 100,
    required: true,
    logged: true,
    listed: true,
    importHeaders: ['firstname', 'first', 'givenname', 'forename', 'vorname', 'prenom'],
  },
  last_name: {
    kind: 'text',
    label: 'lastName',
    attribute: 'last name',
    max: 100,
    required: true,
    logged: true,
    listed: true,
    importHeaders: ['lastname', 'last', 'surname', 'familyname', 'nachname', 'nom', 'nomdefamille'],
  },
  email: { kind: 'email', label: 'email', attribute: 'email', max: 255, logged: true, listed: true, importHeaders: ['email', 'emailaddress', 'mail', 'emailadresse', 'courriel', 'adressemail'] },
  phone: { kind: 'phone', label: 'phone', attribute: 'phone', max: 50, logged: true, listed: true, importHeaders: ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'telefon'] },
  position: {
    kind: 'text',
    label: 'position',
    attribute: 'position',
    max: 100,
    logged: true,
    listed: true,
    importHeaders: ['position', 'jobtitle', 'title', 'role', 'function', 'funktion', 'fonction'],
  },
  board_name: { kind: 'text', label: 'board', attribute: 'board', max: 200, logged: true, listed: true, importHeaders: ['board', 'boardname', 'committee', 'gremium', 'conseil'] },
  status: { kind: 'status', label: 'status', attribute: 'status', logged: true, listed: true, importHeaders: ['status', 'statut'] },
  tags: { kind: 'tags', label: 'tags', attribute: 'tag', logged: true, listed: true, importHeaders: ['tags', 'tag', 'labels', 'schlagworte'] },
  joined_on: { kind: 'date', label: 'joinedOn', attribute: 'joined on date', logged: true, listed: true, importHeaders: ['joinedon', 'joined', 'joindate', 'since', 'startdate', 'beigetreten'] },
  term_started_on: {
    kind: 'date',
    label: 'termStartedOn',
    attribute: 'term start date',
    logged: true,
    listed: true,
    importHeaders: ['termstart', 'termstarted', 'termstartedon', 'termbegins', 'amtsbeginn', 'debutdumandat', 'debutmandat'],
  },
  term_ends_on: {
    kind: 'date',
    label: 'termEndsOn',
    attribute: 'term end date',
    logged: true,
    listed: true,
    importHeaders: ['termend', 'termends', 'termendson', 'termexpires', 'enddate', 'amtsende', 'findumandat', 'finmandat'],
  },
  notes: { kind: 'notes', label: 'notes', attribute: 'notes', max: 5000, logged: false, listed: false, importHeaders: ['notes', 'note', 'comments', 'comment', 'notizen', 'remarques'] },
} as const satisfies Record<string, BoardUserFieldSpec>;

export type BoardUserField = keyof typeof BOARD_USER_FIELDS;

/** The list's sort orders (name: last, then first name; board: the board's name). */
export const BOARD_USER_SORTS = ['name', 'email', 'board', 'status', 'joined_on', 'term_ends_on'] as const;
export type BoardUserSort = (typeof BOARD_USER_SORTS)[number];
export const BOARD_USER_FIELD_NAMES = Object.keys(BOARD_USER_FIELDS) as [BoardUserField, ...BoardUserField[]];

type Spec<K extends BoardUserField> = (typeof BOARD_USER_FIELDS)[K];
type FieldsWhere<P extends keyof BoardUserFieldSpec, V> = { [K in BoardUserField]: Spec<K> extends { [Q in P]: V } ? K : never }[BoardUserField];

export type LoggedField = FieldsWhere<'logged', true>;
export type ListedField = FieldsWhere<'listed', true>;
export type RequiredField = FieldsWhere<'required', true>;

const where = <K extends BoardUserField>(test: (spec: BoardUserFieldSpec) => boolean) => BOARD_USER_FIELD_NAMES.filter((name) => test(BOARD_USER_FIELDS[name])) as K[];
export const LOGGED_FIELDS = where<LoggedField>((spec) => spec.logged);
export const LISTED_FIELDS = where<ListedField>((spec) => spec.listed);
export const REQUIRED_FIELDS = where<RequiredField>((spec) => spec.required === true);

/** A field's value after validation, as stored. */
type StoredValue<S extends BoardUserFieldSpec> = S['kind'] extends 'status' ? BoardUserStatus : S['kind'] extends 'tags' ? string[] : S extends { required: true } ? string : string | null;

/** A board user's fields as the server validates and stores them. */
export type BoardUserValues = { [K in BoardUserField]: StoredValue<Spec<K>> };

/** What the form edits: text for every field (tags as comma-separated text), the status as chosen. */
export type BoardUserFormValues = { [K in BoardUserField]: Spec<K>['kind'] extends 'status' ? BoardUserStatus : string };

/** A new board user's form: every field empty, the status active. */
export const emptyBoardUserForm = (): BoardUserFormValues =>
  Object.fromEntries(BOARD_USER_FIELD_NAMES.map((field) => [field, BOARD_USER_FIELDS[field].kind === 'status' ? 'active' : ''])) as BoardUserFormValues;
