/**
 * A small HTTP client with a cookie jar, speaking to a real listening server the way a browser
 * and Inertia's client do: cookies, XSRF header from the XSRF-TOKEN cookie, Inertia headers.
 */
export interface RequestOptions {
  headers?: Record<string, string>;
  /** Send as an Inertia visit (X-Inertia, X-Inertia-Version). */
  inertia?: boolean | { version?: string; partial?: { component: string; only?: string[]; except?: string[] }; errorBag?: string; reset?: string[]; exceptOnce?: string[] };
  /** Leave out the XSRF header (to test CSRF). */
  noCsrf?: boolean;
  /** Form body (urlencoded) instead of JSON. */
  form?: boolean;
  redirect?: 'manual' | 'follow';
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  json<T = any>(): T;
  /** The Inertia page object, from JSON or from the HTML shell. */
  page<T = any>(): { component: string; props: T & { errors: Record<string, any> }; url: string; version: string; [k: string]: any };
  location: string | null;
}

export class TestClient {
  readonly cookies = new Map<string, string>();
  /** Sent with every request (a test's X-Forwarded-For, say); a request's own headers win. */
  readonly defaultHeaders: Record<string, string> = {};
  version = '';

  /**
   * `settle` runs after every response, before the test sees it: the test app delivers the mails
   * the request queued (the response itself never waits for them).
   */
  constructor(
    readonly baseUrl: string,
    private readonly settle?: () => Promise<void>,
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private store(headers: Headers) {
    for (const raw of headers.getSetCookie()) {
      const [pair, ...attrs] = raw.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = decodeURIComponent(pair.slice(eq + 1).trim());
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { Accept: 'text/html, application/xhtml+xml', ...this.defaultHeaders, ...(options.headers ?? {}) };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && !options.noCsrf && method !== 'GET') headers['X-XSRF-TOKEN'] = xsrf;
    if (options.inertia) {
      const i = options.inertia === true ? {} : options.inertia;
      headers['X-Inertia'] = 'true';
      headers['X-Requested-With'] = 'XMLHttpRequest';
      headers['X-Inertia-Version'] = i.version ?? this.version;
      if (i.partial) {
        headers['X-Inertia-Partial-Component'] = i.partial.component;
        if (i.partial.only) headers['X-Inertia-Partial-Data'] = i.partial.only.join(',');
        if (i.partial.except) headers['X-Inertia-Partial-Except'] = i.partial.except.join(',');
      }
      if (i.errorBag) headers['X-Inertia-Error-Bag'] = i.errorBag;
      if (i.reset) headers['X-Inertia-Reset'] = i.reset.join(',');
      if (i.exceptOnce) headers['X-Inertia-Except-Once-Props'] = i.exceptOnce.join(',');
    }
    let payload: string | undefined;
    if (body !== undefined) {
      if (options.form) {
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(body as Record<string, string>).toString();
      } else {
        headers['Content-Type'] = 'application/json';
        payload = typeof body === 'string' ? body : JSON.stringify(body);
      }
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body: payload, redirect: 'manual' });
    this.store(res.headers);
    const text = await res.text();
    await this.settle?.();
    const response: TestResponse = {
      status: res.status,
      headers: res.headers,
      text,
      location: res.headers.get('location'),
      json: () => JSON.parse(text),
      page: () => {
        if (res.headers.get('x-inertia') === 'true') return JSON.parse(text);
        const match = text.match(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/);
        if (!match) throw new Error(`No page object in response (${res.status}): ${text.slice(0, 300)}`);
        return JSON.parse(match[1]);
      },
    };
    if (options.redirect === 'follow' && [301, 302, 303].includes(res.status) && response.location) {
      return this.request('GET', new URL(response.location, this.baseUrl + path).pathname + new URL(response.location, this.baseUrl + path).search, undefined, { ...options, redirect: 'follow' });
    }
    return response;
  }

  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, undefined, options);
  }
  post(path: string, body?: unknown, options?: RequestOptions) {
    return this.request('POST', path, body ?? {}, options);
  }
  put(path: string, body?: unknown, options?: RequestOptions) {
    return this.request('PUT', path, body ?? {}, options);
  }
  patch(path: string, body?: unknown, options?: RequestOptions) {
    return this.request('PATCH', path, body ?? {}, options);
  }
  delete(path: string, body?: unknown, options?: RequestOptions) {
    return this.request('DELETE', path, body ?? {}, options);
  }

  /** GET once so the session and XSRF cookies exist, as a browser would have them. */
  async prime(path = '/'): Promise<void> {
    const res = await this.get(path);
    try {
      this.version = res.page().version;
    } catch {
      // not a page
    }
  }
}
