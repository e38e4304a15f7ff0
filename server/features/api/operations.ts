import { z } from 'zod';
import type { ApiAbility } from '../../../shared/api-abilities';
import type { RouteName } from '../../../shared/routes';
import { BOARD_USER_SORTS, BOARD_USER_STATUSES } from '../../../shared/board-user-fields';
import { INSIGHT_CATEGORIES, INSIGHT_SORTS, INSIGHT_STATUSES } from '../../../shared/insight-fields';
import { activityPage, boardUserResource, insightResource, insightSummaryResource, one, pageOf } from './resources';
import { boardUserInput, insightInput, MAX_PER_PAGE, DEFAULT_PER_PAGE } from './schema';

/** A query parameter as the document shows it (the server reads it with the page's own schema). */
export interface QueryParameter {
  name: string;
  schema: z.ZodType;
  description?: string;
}

/**
 * Every operation of the API, declared once: the routes register from it (routes.ts) and the
 * OpenAPI document describes it (openapi.ts) — its ability, parameters, body and answer.
 */
export interface ApiOperation {
  route: RouteName;
  ability: ApiAbility;
  summary: string;
  tag: 'Board users' | 'Insights' | 'Activity';
  query?: QueryParameter[];
  /** The form's own schema; `partial`: a PATCH, every field optional (the record's values fill the rest). */
  body?: { schema: z.ZodType; partial: boolean };
  status: 200 | 201;
  response: z.ZodType;
  /** Answers an ETag; `ifMatch`: requires `If-Match` (412 stale, 428 missing). */
  etag?: boolean;
  ifMatch?: boolean;
}

const page = [
  { name: 'page', schema: z.int().min(1), description: 'Page number (from 1).' },
  { name: 'per_page', schema: z.int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE), description: 'Rows per page.' },
];
const search = { name: 'search', schema: z.string().max(100), description: 'Words to look for.' };
const trashed = { name: 'trashed', schema: z.enum(['with', 'only']), description: 'Include (`with`) or list only (`only`) deleted records.' };
const direction = { name: 'direction', schema: z.enum(['asc', 'desc']) };

export const API_OPERATIONS: ApiOperation[] = [
  {
    route: 'api.board-users.index',
    ability: 'board-users:read',
    tag: 'Board users',
    summary: 'List board users (the same search, filters, order and pages as the page)',
    query: [
      search,
      { name: 'tags', schema: z.string(), description: 'Comma-separated tags; a board user must carry every one.' },
      { name: 'status', schema: z.enum(BOARD_USER_STATUSES) },
      trashed,
      { name: 'sort', schema: z.enum(BOARD_USER_SORTS) },
      direction,
      ...page,
    ],
    status: 200,
    response: pageOf(boardUserResource),
  },
  {
    route: 'api.board-users.store',
    ability: 'board-users:write',
    tag: 'Board users',
    summary: 'Add a board user',
    body: { schema: boardUserInput, partial: false },
    status: 201,
    response: one(boardUserResource),
    etag: true,
  },
  { route: 'api.board-users.show', ability: 'board-users:read', tag: 'Board users', summary: 'One board user', status: 200, response: one(boardUserResource), etag: true },
  {
    route: 'api.board-users.update',
    ability: 'board-users:write',
    tag: 'Board users',
    summary: 'Change a board user (the fields given; If-Match with the ETag read)',
    body: { schema: boardUserInput, partial: true },
    status: 200,
    response: one(boardUserResource),
    etag: true,
    ifMatch: true,
  },
  { route: 'api.board-users.destroy', ability: 'board-users:write', tag: 'Board users', summary: 'Move a board user to the trash', status: 200, response: one(boardUserResource), etag: true },
  { route: 'api.board-users.restore', ability: 'board-users:write', tag: 'Board users', summary: 'Restore a board user from the trash', status: 200, response: one(boardUserResource), etag: true },
  {
    route: 'api.insights.index',
    ability: 'insights:read',
    tag: 'Insights',
    summary: 'List insights (the same search, filters, order and pages as the page)',
    query: [
      search,
      { name: 'category', schema: z.enum(INSIGHT_CATEGORIES) },
      { name: 'status', schema: z.enum(INSIGHT_STATUSES) },
      trashed,
      { name: 'sort', schema: z.enum(INSIGHT_SORTS) },
      direction,
      ...page,
    ],
    status: 200,
    response: pageOf(insightSummaryResource),
  },
  {
    route: 'api.insights.store',
    ability: 'insights:write',
    tag: 'Insights',
    summary: 'Write an insight (a draft)',
    body: { schema: insightInput, partial: false },
    status: 201,
    response: one(insightResource),
    etag: true,
  },
  { route: 'api.insights.show', ability: 'insights:read', tag: 'Insights', summary: 'One insight', status: 200, response: one(insightResource), etag: true },
  {
    route: 'api.insights.update',
    ability: 'insights:write',
    tag: 'Insights',
    summary: 'Change an insight (the fields given; If-Match with the ETag read)',
    body: { schema: insightInput, partial: true },
    status: 200,
    response: one(insightResource),
    etag: true,
    ifMatch: true,
  },
  { route: 'api.insights.publish', ability: 'insights:write', tag: 'Insights', summary: 'Publish an insight', status: 200, response: one(insightResource), etag: true },
  {
    route: 'api.insights.share',
    ability: 'insights:write',
    tag: 'Insights',
    summary: 'Share a published insight by a public link (again: a new link)',
    status: 200,
    response: one(insightResource),
    etag: true,
  },
  { route: 'api.insights.unshare', ability: 'insights:write', tag: 'Insights', summary: 'Stop sharing an insight (its link stops working)', status: 200, response: one(insightResource), etag: true },
  {
    route: 'api.activity.index',
    ability: 'activity:read',
    tag: 'Activity',
    summary: "The organization's activity log, newest first (cursor pages)",
    query: [
      { name: 'causer', schema: z.union([z.string().regex(/^\d+$/), z.literal('system')]), description: "A member's user id, or `system` (no member: the system or an API token)." },
      { name: 'event', schema: z.string(), description: 'An event, e.g. `created`, `member_added`.' },
      { name: 'subject_type', schema: z.string(), description: 'e.g. `board_user`, `insight`.' },
      { name: 'from', schema: z.iso.date(), description: 'First day (UTC), inclusive.' },
      { name: 'to', schema: z.iso.date(), description: 'Last day (UTC), inclusive.' },
      search,
      { name: 'cursor', schema: z.string(), description: 'The `next_cursor` of the previous page.' },
      { name: 'per_page', schema: z.int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE) },
    ],
    status: 200,
    response: activityPage,
  },
];
