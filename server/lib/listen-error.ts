import { createServer } from 'node:net';
import { StartupError } from './startup-error';

/**
 * A port that cannot be listened on is fixed in the environment, so it is said as one sentence
 * naming the variable to change (StartupError: no stack). `ports` maps each variable to the port
 * it asked for; Node's listen error carries the port it failed on. Any other error is returned as it is.
 */
export function explainListenError(error: unknown, ports: Record<string, number | undefined>): unknown {
  const { code, port } = (error ?? {}) as { code?: string; port?: number };
  if (code !== 'EADDRINUSE' && code !== 'EACCES') return error;
  const variable = Object.keys(ports).find((name) => ports[name] === port) ?? Object.keys(ports)[0];
  const problem = code === 'EADDRINUSE' ? 'is already in use by another program' : 'may not be used by this user';
  return new StartupError(`Port ${port} (${variable}) ${problem}: stop that program or start with another port, e.g. ${variable}=${(port ?? 0) + 1} npm start.`);
}

/**
 * Says a taken port before minutes of other start-up work (a fresh clone builds the client first)
 * by listening on each port once and letting it go. The real listen later is still checked: a
 * port can be taken in between.
 */
export async function ensurePortsFree(ports: { variable: string; host: string; port: number | undefined }[]): Promise<void> {
  for (const { variable, host, port } of ports) {
    if (!port) continue;
    await new Promise<void>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', (error) => reject(explainListenError(error, { [variable]: port })));
      probe.listen(port, host, () => probe.close(() => resolve()));
    });
  }
}
