import type { Socket } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { onBeforeEnd } from './response-hooks';

/** How long a closing connection keeps reading (and dropping) what the client still sends. */
const LINGER_MS = 2000;

/**
 * A lingering close, as web servers do: Node ends such a connection with `destroySoon()`, which
 * closes the socket as soon as the answer is written. Closing a socket with unread data in it makes
 * the kernel send a reset, and a client still uploading can lose the answer with it (it sees
 * "connection reset", not the form's error). Instead the answer is followed by our FIN, and what
 * the client still sends is read and dropped until it closes, or for LINGER_MS at most.
 */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = function (this: Socket) {
    if (this.destroyed) return;
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    this.once('end', () => this.destroy());
    this.end();
    this.resume();
  };
}

/**
 * An answer sent before its request's body was read (a too-large upload refused on its
 * Content-Length, a streamed one stopped at the limit, a sign-in redirect) closes the connection:
 * otherwise Node would read the rest of the body, however large, only to throw it away.
 */
export function closeWhenBodyUnread(req: Request, res: Response, next: NextFunction) {
  // Requests without a body (every GET a browser sends) need nothing.
  if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) {
    onBeforeEnd(res, () => {
      if (!req.complete && !res.headersSent) {
        res.setHeader('Connection', 'close');
        lingerOnClose(req.socket);
      }
    });
  }
  next();
}
