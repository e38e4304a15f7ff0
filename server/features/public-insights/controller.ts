import type { Request, Response } from 'express';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { queryPage } from '../../lib/query';
import { metaDescription, metaTags, NO_INDEX } from '../../lib/meta-tags';
import { markdownToText, renderMarkdown } from '../../lib/markdown';
import { requestLocale } from '../../i18n/locale';
import { translator } from '../../i18n/message';
import * as repo from './repository';
import { countView, type Visit } from './service';
import { route } from '../../../shared/routes';

export const PER_PAGE = 25;

/** Browsers' speculative loads are not reads. */
const isPrefetch = (req: Request) => /prefetch|prerender/i.test(`${req.get('purpose') ?? ''} ${req.get('sec-purpose') ?? ''} ${req.get('x-moz') ?? ''}`);

const visitOf = (req: Request): Visit => ({
  ip: req.ip ?? null,
  userAgent: req.get('user-agent') ?? null,
  userId: req.user?.id ?? null,
  isRead: req.method === 'GET' && !isPrefetch(req),
});

/**
 * Public pages are private-cacheable only: the HTML shell carries a per-session CSRF token (and
 * may set cookies), so a shared cache must never store it. And they are revalidated on every
 * visit (ETag → 304), so "Stop sharing" takes effect at once. See ADR 0004.
 */
export const PUBLIC_CACHE_CONTROL = 'private, no-cache';

const SLUG = /^[a-z0-9][a-z0-9-]{0,48}[a-z0-9]$/;
const TOKEN = /^[A-Za-z0-9_-]{22,64}$/;

/**
 * A link that opens nothing: 404, with a page that says a public link may have been withdrawn or
 * replaced. A withdrawn token is not kept (sharing again makes a new one), so "withdrawn" cannot
 * be told from "never was": one answer for both, naming nothing of the insight or organisation.
 */
async function unavailable(req: Request, res: Response): Promise<void> {
  const t = translator(requestLocale(req));
  res.set('Cache-Control', PUBLIC_CACHE_CONTROL);
  await res.inertia.render(
    'Errors/404',
    { status: 404, message: t('errors.linkUnavailable.message'), generic: true, reason: 'publicLink' },
    { status: 404, title: t('errors.linkUnavailable.title'), head: NO_INDEX },
  );
}

export function publicInsightsController(ctx: AppContext) {
  return {
    async index(req: Request, res: Response) {
      const slug = String(req.params.orgSlug);
      if (!SLUG.test(slug)) throw notFound();
      const org = await repo.findPublicOrganization(ctx.db, slug);
      if (!org?.public_page_enabled) throw notFound();
      const page = queryPage.parse(req.query.page);
      const result = await repo.publicInsightList(ctx.db, { organizationId: org.id }, { page, perPage: PER_PAGE, path: route('public-insights.index', { orgSlug: org.slug }), query: {} });
      const insights = { ...result, data: result.data.map(({ token, ...r }) => ({ ...r, url: route('public-insights.show', { orgSlug: org.slug, token: String(token) }) })) };
      const t = translator(requestLocale(req));
      const title = t('messages.publicInsights.indexTitle', { organization: org.name });
      const description = metaDescription(org.description || t('messages.publicInsights.indexDescription', { organization: org.name }));
      res.set('Cache-Control', PUBLIC_CACHE_CONTROL);
      await res.inertia.render(
        'Insights/Public/Index',
        { organization: { name: org.name, slug: org.slug, description: org.description, website: org.website }, insights },
        { title, head: metaTags({ title, description, url: ctx.url(route('public-insights.index', { orgSlug: org.slug })), type: 'website', siteName: ctx.config.APP_NAME }) },
      );
    },

    async show(req: Request, res: Response) {
      const slug = String(req.params.orgSlug);
      const token = String(req.params.token);
      if (!SLUG.test(slug) || !TOKEN.test(token)) return unavailable(req, res);
      const insight = await repo.findSharedInsight(ctx.db, slug, token);
      if (!insight) return unavailable(req, res);
      await countView(ctx, visitOf(req), insight);
      const url = ctx.url(route('public-insights.show', { orgSlug: insight.organization_slug, token }));
      const description = metaDescription(
        insight.summary || markdownToText(insight.body, 200) || translator(requestLocale(req))('messages.publicInsights.insightDescription', { organization: insight.organization_name }),
      );
      res.set('Cache-Control', PUBLIC_CACHE_CONTROL);
      await res.inertia.render(
        'Insights/Public/Show',
        {
          organization: { name: insight.organization_name, slug: insight.organization_slug, publicPageEnabled: insight.public_page_enabled },
          insight: {
            title: insight.title,
            summary: insight.summary,
            category: insight.category,
            published_at: insight.published_at,
            updated_at: insight.updated_at,
            body_html: renderMarkdown(insight.body),
          },
          url,
        },
        {
          title: insight.title,
          head: metaTags({
            title: insight.title,
            description,
            url,
            type: 'article',
            siteName: ctx.config.APP_NAME,
            publishedTime: insight.published_at ? new Date(insight.published_at).toISOString() : undefined,
            section: insight.category,
          }),
        },
      );
    },
  };
}
