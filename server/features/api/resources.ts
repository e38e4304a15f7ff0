import { z } from 'zod';
import type { BoardUser, Insight } from '../../db/types';
import { BOARD_USER_FIELDS, BOARD_USER_FIELD_NAMES, BOARD_USER_STATUSES, type BoardUserField, type BoardUserFieldSpec } from '../../../shared/board-user-fields';
import { INSIGHT_CATEGORIES, INSIGHT_STATUSES } from '../../../shared/insight-fields';
import { redactProperties } from '../activity/presenter';

/**
 * What the API answers, as zod schemas: the OpenAPI document is generated from them (and from the
 * forms' own input schemas), and the presenters below build exactly these shapes. Ids are numbers,
 * instants ISO 8601 strings (UTC), calendar days `YYYY-MM-DD`.
 */
const instant = z.iso.datetime();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

function fieldOutput(spec: BoardUserFieldSpec): z.ZodType {
  switch (spec.kind) {
    case 'status':
      return z.enum(BOARD_USER_STATUSES);
    case 'tags':
      return z.array(z.string());
    case 'date':
      return day.nullable();
    default:
      return spec.required ? z.string() : z.string().nullable();
  }
}

export const boardUserResource = z
  .object({
    id: z.int().positive(),
    ...(Object.fromEntries(BOARD_USER_FIELD_NAMES.map((f) => [f, fieldOutput(BOARD_USER_FIELDS[f])])) as Record<BoardUserField, z.ZodType>),
    created_at: instant,
    updated_at: instant,
    deleted_at: instant.nullable(),
  })
  .meta({ id: 'BoardUser' });

export type BoardUserRow = Pick<BoardUser, 'id' | BoardUserField | 'created_at' | 'updated_at' | 'deleted_at'>;

export function presentBoardUser(row: BoardUserRow) {
  return {
    id: row.id,
    ...Object.fromEntries(BOARD_USER_FIELD_NAMES.map((f) => [f, row[f] ?? (BOARD_USER_FIELDS[f].kind === 'tags' ? [] : null)])),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    deleted_at: isoOrNull(row.deleted_at),
  };
}

export const insightResource = z
  .object({
    id: z.int().positive(),
    title: z.string(),
    summary: z.string().nullable(),
    body: z.string(),
    category: z.enum(INSIGHT_CATEGORIES),
    status: z.enum(INSIGHT_STATUSES),
    published_at: instant.nullable(),
    shared: z.boolean(),
    share_url: z.string().nullable(),
    view_count: z.int(),
    board_user_ids: z.array(z.int().positive()),
    author_id: z.int().nullable().describe('The member who wrote it; null when written through the API or when they have left.'),
    created_at: instant,
    updated_at: instant,
    deleted_at: instant.nullable(),
  })
  .meta({ id: 'Insight' });

export function presentInsight(row: Insight, boardUserIds: number[], shareUrl: string | null) {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    body: row.body,
    category: row.category,
    status: row.status,
    published_at: isoOrNull(row.published_at),
    shared: row.share_token !== null,
    share_url: shareUrl,
    view_count: row.view_count,
    board_user_ids: [...boardUserIds].sort((a, b) => a - b),
    author_id: row.author_id,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    deleted_at: isoOrNull(row.deleted_at),
  };
}

export const insightSummaryResource = z
  .object({
    id: z.int().positive(),
    title: z.string(),
    summary: z.string().nullable(),
    category: z.enum(INSIGHT_CATEGORIES),
    status: z.enum(INSIGHT_STATUSES),
    published_at: instant.nullable(),
    shared: z.boolean(),
    view_count: z.int(),
    board_users_count: z.int(),
    updated_at: instant,
    deleted_at: instant.nullable(),
  })
  .meta({ id: 'InsightSummary' });

export interface InsightListRow {
  id: number;
  title: string;
  summary: string | null;
  category: Insight['category'];
  status: Insight['status'];
  published_at: Date | null;
  shared: boolean;
  view_count: number;
  board_users_count: number | string | null;
  updated_at: Date;
  deleted_at: Date | null;
}

export const presentInsightSummary = (r: InsightListRow) => ({
  id: r.id,
  title: r.title,
  summary: r.summary,
  category: r.category,
  status: r.status,
  published_at: isoOrNull(r.published_at),
  shared: !!r.shared,
  view_count: Number(r.view_count),
  board_users_count: Number(r.board_users_count ?? 0),
  updated_at: iso(r.updated_at),
  deleted_at: isoOrNull(r.deleted_at),
});

/** An activity entry's facts: what happened, to what, by whom (a member or an API token); no sentence. */
export const activityResource = z
  .object({
    id: z.int().positive(),
    event: z.string(),
    subject_type: z.string().nullable(),
    subject_id: z.int().nullable(),
    subject_name: z.string().nullable(),
    causer: z
      .union([z.object({ type: z.literal('user'), id: z.int(), name: z.string().nullable() }), z.object({ type: z.literal('api_token'), id: z.int(), name: z.string().nullable() })])
      .nullable()
      .describe('Null: the system.'),
    facts: z.record(z.string(), z.unknown()),
    properties: z.record(z.string(), z.unknown()),
    created_at: instant,
  })
  .meta({ id: 'ActivityEntry' });

export interface ActivityApiRow {
  id: number;
  event: string;
  subject_type: string | null;
  subject_id: number | null;
  subject_name: string | null;
  causer_id: number | null;
  causer_name: string | null;
  causer_token_id: number | null;
  causer_token_name: string | null;
  facts: unknown;
  properties: unknown;
  created_at: Date;
}

const objectOf = (v: unknown): Record<string, unknown> => {
  const value = typeof v === 'string' ? safeJson(v) : v;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
};

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

export const presentActivityEntry = (r: ActivityApiRow) => ({
  id: r.id,
  event: r.event,
  subject_type: r.subject_type,
  subject_id: r.subject_id,
  subject_name: r.subject_name,
  causer:
    r.causer_id !== null
      ? { type: 'user' as const, id: r.causer_id, name: r.causer_name }
      : r.causer_token_id !== null
        ? { type: 'api_token' as const, id: r.causer_token_id, name: r.causer_token_name }
        : null,
  facts: objectOf(r.facts),
  properties: redactProperties(objectOf(r.properties)) as Record<string, unknown>,
  created_at: iso(r.created_at),
});

/** Page-numbered lists (board users, insights): the rows and where they are in the whole. */
export const pageMeta = z.object({ page: z.int().positive(), per_page: z.int().positive(), total: z.int().nonnegative(), last_page: z.int().positive() }).meta({ id: 'PageMeta' });

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: pageMeta });
export const one = <T extends z.ZodType>(item: T) => z.object({ data: item });

export const activityPage = z.object({
  data: z.array(activityResource),
  next_cursor: z.string().nullable().describe('Pass as `cursor` for the next (older) entries; null at the end.'),
});

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    detail: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional().describe('Per field (422): its messages.'),
  })
  .meta({ id: 'Problem' });
