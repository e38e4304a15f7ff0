import axios from 'axios';

/**
 * The one HTTP client of the app (docs/seed-spec.md §7): marks requests as XHR, sends credentials and
 * mirrors the XSRF-TOKEN cookie into X-XSRF-TOKEN. Inertia's page visits go through it too.
 */
export const http = axios.create({
  withCredentials: true,
  withXSRFToken: true,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  headers: { 'X-Requested-With': 'XMLHttpRequest' },
});
