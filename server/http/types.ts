import type { Session } from './session';

declare global {
  namespace Express {
    interface Request {
      session: Session;
      cookies: Record<string, string>;
    }
  }
}
