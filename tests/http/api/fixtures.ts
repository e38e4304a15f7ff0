import type { TestApp } from '../../helpers/app';
import { createActivityLog, createBoardUser, createInsight } from '../../helpers/factories';
import { apiCall, type ApiResponse } from '../../helpers/api';
import { route, type RouteName } from '../../../shared/routes';

/** A real request of one API operation, in the organisation, with what it needs made first. */
export interface ExampleCall {
  method: string;
  path: string;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}

const etag = (updatedAt: Date) => `"${updatedAt.toISOString()}"`;

/** One request per operation that succeeds for a token with the operation's ability. */
export async function exampleCall(app: TestApp, organizationId: number, name: RouteName): Promise<ExampleCall> {
  const boardUser = () => createBoardUser(app, organizationId, { first_name: 'Ada', last_name: 'Lovelace', email: null });
  switch (name) {
    case 'api.board-users.index':
      await createBoardUser(app, organizationId, { first_name: 'Ada', last_name: 'Byron', tags: ['finance'], joined_on: '2024-03-01', deleted_at: null });
      return { method: 'GET', path: `${route(name)}?search=ada&per_page=5` };
    case 'api.board-users.store':
      return {
        method: 'POST',
        path: route(name),
        body: { first_name: 'Grace', last_name: 'Hopper', email: `g${Math.random().toString(36).slice(2)}@example.com`, tags: ['audit'], joined_on: '2024-01-15' },
      };
    case 'api.board-users.show':
      return { method: 'GET', path: route(name, { id: (await boardUser()).id }) };
    case 'api.board-users.update': {
      const b = await boardUser();
      return { method: 'PATCH', path: route(name, { id: b.id }), body: { position: 'Chair' }, headers: { 'If-Match': etag(b.updated_at) } };
    }
    case 'api.board-users.destroy':
      return { method: 'DELETE', path: route(name, { id: (await boardUser()).id }) };
    case 'api.board-users.restore':
      return { method: 'POST', path: route(name, { id: (await createBoardUser(app, organizationId, { first_name: 'Old', last_name: 'Member', deleted_at: new Date() })).id }) };
    case 'api.insights.index':
      await createInsight(app, organizationId, null, { category: 'governance', summary: 'Listed' });
      return { method: 'GET', path: `${route(name)}?status=draft&category=governance&per_page=5` };
    case 'api.insights.store': {
      const b = await boardUser();
      return { method: 'POST', path: route(name), body: { title: 'Quarterly review', category: 'finance', body: '# Notes', board_user_ids: [b.id] } };
    }
    case 'api.insights.show':
      return { method: 'GET', path: route(name, { id: (await createInsight(app, organizationId, null)).id }) };
    case 'api.insights.update': {
      const i = await createInsight(app, organizationId, null);
      return { method: 'PATCH', path: route(name, { id: i.id }), body: { summary: 'In short' }, headers: { 'If-Match': etag(i.updated_at) } };
    }
    case 'api.insights.publish':
      return { method: 'POST', path: route(name, { id: (await createInsight(app, organizationId, null)).id }) };
    case 'api.insights.share':
      return { method: 'POST', path: route(name, { id: (await createInsight(app, organizationId, null, { status: 'published', published_at: new Date() })).id }) };
    case 'api.insights.unshare':
      return {
        method: 'DELETE',
        path: route(name, {
          id: (await createInsight(app, organizationId, null, { status: 'published', published_at: new Date(), share_token: `t${Math.random().toString(36).slice(2)}`, shared_at: new Date() })).id,
        }),
      };
    case 'api.activity.index': {
      const b = await boardUser();
      await createActivityLog(app, organizationId, {
        event: 'created',
        subject_type: 'board_user',
        subject_id: b.id,
        subject_label: 'Ada Lovelace',
        facts: JSON.stringify({}),
        properties: JSON.stringify({ attributes: { first_name: 'Ada' } }),
      });
      await createActivityLog(app, organizationId, { event: 'updated', subject_type: 'board_user', subject_id: b.id });
      return { method: 'GET', path: `${route(name)}?per_page=1` };
    }
    default:
      throw new Error(`no example for ${name}`);
  }
}

export const send = (app: TestApp, token: string | null, call: ExampleCall): Promise<ApiResponse> => apiCall(app, token, call.method, call.path, call.body, call.headers);
