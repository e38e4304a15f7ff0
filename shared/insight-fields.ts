/**
 * Every field of an insight a person edits, declared once (issue #25, as shared/board-user-fields.ts
 * for board users). From here derive the server's validation (server/features/insights/schema.ts),
 * the fields the activity diff logs, the form's data type and the client's category, status and
 * sort types. Whatever must name every field takes a `Record<InsightField, …>`, so a forgotten
 * place does not compile.
 */
export const INSIGHT_CATEGORIES = ['governance', 'strategy', 'finance', 'risk', 'people', 'other'] as const;
export type InsightCategory = (typeof INSIGHT_CATEGORIES)[number];
export const INSIGHT_STATUSES = ['draft', 'published', 'archived'] as const;
export type InsightStatus = (typeof INSIGHT_STATUSES)[number];

export type InsightFieldKind = 'text' | 'markdown' | 'category' | 'board-users';

export interface InsightFieldSpec {
  kind: InsightFieldKind;
  /** Its label on the form: `insights.form.fields.<label>`; in validation messages `validation.attributes.<attribute>`. */
  label: string;
  attribute: string;
  /** Longest text (characters) or most board users accepted. */
  max?: number;
  required?: boolean;
  /** In the activity log's before/after diff (the body is long: only "body changed" is logged; links as id lists). */
  logged: boolean;
}

export const INSIGHT_FIELDS = {
  title: { kind: 'text', label: 'title', attribute: 'title', max: 200, required: true, logged: true },
  summary: { kind: 'text', label: 'summary', attribute: 'summary', max: 500, logged: true },
  body: { kind: 'markdown', label: 'body', attribute: 'body', max: 50_000, logged: false },
  category: { kind: 'category', label: 'category', attribute: 'category', required: true, logged: true },
  board_user_ids: { kind: 'board-users', label: 'boardUsers', attribute: 'board users', max: 1000, logged: false },
} as const satisfies Record<string, InsightFieldSpec>;

export type InsightField = keyof typeof INSIGHT_FIELDS;
export const INSIGHT_FIELD_NAMES = Object.keys(INSIGHT_FIELDS) as [InsightField, ...InsightField[]];

type Spec<K extends InsightField> = (typeof INSIGHT_FIELDS)[K];
export type LoggedInsightField = { [K in InsightField]: Spec<K> extends { logged: true } ? K : never }[InsightField];
export const LOGGED_INSIGHT_FIELDS = INSIGHT_FIELD_NAMES.filter((name) => INSIGHT_FIELDS[name].logged) as LoggedInsightField[];

/** The index's sortable columns (anything else is the default, last updated first). */
export const INSIGHT_SORTS = ['title', 'status', 'published', 'updated'] as const;
export type InsightSort = (typeof INSIGHT_SORTS)[number];

/** What the form edits: text for the text fields, a category or nothing yet, the linked board users' ids. */
export type InsightFormValues = {
  [K in InsightField]: Spec<K>['kind'] extends 'category' ? InsightCategory | '' : Spec<K>['kind'] extends 'board-users' ? number[] : string;
};

/** A new insight's form: every text empty, no category chosen, the given board users linked. */
export const emptyInsightForm = (boardUserIds: number[] = []): InsightFormValues =>
  Object.fromEntries(INSIGHT_FIELD_NAMES.map((field) => [field, INSIGHT_FIELDS[field].kind === 'board-users' ? boardUserIds : ''])) as InsightFormValues;
