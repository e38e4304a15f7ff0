import { Agent, request } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface RawRequest {
  method: string;
  /** Sent as is: no normalisation, no encoding (`/p/%ZZ`, `/build/..%2f..%2fpackage.json`). */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/**
 * One HTTP request exactly as given: any Host header, any Content-Encoding, any bytes. (fetch
 * normalises paths and refuses some headers; resilience tests need neither.)
 */
export function rawRequest(baseUrl: string, req: RawRequest): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body);
  const headers: Record<string, string> = { ...(req.headers ?? {}) };
  if (body && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length')) headers['Content-Length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const r = request({ host: url.hostname, port: url.port, method: req.method, path: req.path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    r.on('error', reject);
    r.end(body);
  });
}

/** Cookie header value for a TestClient-style jar. */
export const cookieHeader = (jar: Map<string, string>): string => [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
