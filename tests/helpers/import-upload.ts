import type { TestClient } from './client';

/** A board-user import upload, as the browser's form sends it (session cookie, XSRF header, Inertia). */
export async function uploadImport(client: TestClient, content: string | Uint8Array, filename = 'people.csv'): Promise<{ status: number; location: string | null }> {
  const form = new FormData();
  form.append('file', new Blob([content as BlobPart], { type: 'text/csv' }), filename);
  return postImport(client, form);
}

/** A raw POST to the import route with the browser's credentials (a form, or a hand-made body with its own headers). */
export async function postImport(client: TestClient, body: FormData | string, headers: Record<string, string> = {}): Promise<{ status: number; location: string | null }> {
  const res = await fetch(`${client.baseUrl}/board-users/import`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: {
      ...headers,
      Cookie: [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '),
      'X-XSRF-TOKEN': client.cookie('XSRF-TOKEN') ?? '',
      'X-Inertia': 'true',
      'X-Requested-With': 'XMLHttpRequest',
      'X-Inertia-Version': client.version,
      Referer: `${client.baseUrl}/board-users/import`,
    },
  });
  await res.text();
  return { status: res.status, location: res.headers.get('location') };
}
