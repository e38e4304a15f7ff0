import type { Page, Request } from '@playwright/test';

/**
 * What a first visit downloads over the wire, as Chromium counts it (issue #24): every response
 * from navigating to `url` until the network has been idle for half a second — the HTML, scripts,
 * stylesheets, message catalogs, the icon, and what the page fetches after it rendered — with its
 * body as it came (brotli or gzip as served) and its headers, each counted apart.
 * The budget counts bodies: what the build and the server send, not the headers around them.
 */
export interface WireResponse {
  url: string;
  status: number;
  encoding: string | null;
  bodyBytes: number;
  headerBytes: number;
}

export interface FirstLoad {
  responses: WireResponse[];
  /** Response bodies as they came over the wire (compressed as served). */
  bodyBytes: number;
  /** Response headers, for context. */
  headerBytes: number;
  /** The document's own body. */
  htmlBytes: number;
}

export const FIRST_LOAD_BUDGET = 110 * 1024;

export async function firstLoadBytes(page: Page, url: string): Promise<FirstLoad> {
  const started = new Set<Request>();
  const done: Promise<WireResponse | null>[] = [];
  const finish = (request: Request) => {
    done.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const sizes = await request.sizes();
        // A response from the memory cache (a stylesheet fetched twice) reports -1: nothing came.
        return {
          url: request.url(),
          status: response.status(),
          encoding: (await response.headerValue('content-encoding')) ?? null,
          bodyBytes: Math.max(0, sizes.responseBodySize),
          headerBytes: Math.max(0, sizes.responseHeadersSize),
        };
      })(),
    );
  };
  const onRequest = (request: Request) => void started.add(request);
  const onFinished = (request: Request) => finish(request);
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);
  page.on('requestfailed', onFinished);
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    // Idle means nothing new started; anything still arriving is waited for too.
    while (done.length < started.size) await page.waitForTimeout(50);
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onFinished);
    page.off('requestfailed', onFinished);
  }
  const responses = (await Promise.all(done)).filter((r): r is WireResponse => r !== null);
  const document = new URL(url).href;
  return {
    responses,
    bodyBytes: responses.reduce((sum, r) => sum + r.bodyBytes, 0),
    headerBytes: responses.reduce((sum, r) => sum + r.headerBytes, 0),
    htmlBytes: responses.find((r) => r.url === document)?.bodyBytes ?? 0,
  };
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
