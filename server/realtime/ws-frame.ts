/**
 * Fan-out fast path: one complete unmasked text frame (header + payload) built once per event and written as is
 * to every subscriber's TCP socket. Falls back to ws.send() whenever ws is not idle (closing, or queueing).
 */
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

export function textFrame(payload: Buffer): Buffer {
  const len = payload.length;
  const head = len < 126 ? 2 : len < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + len);
  frame[0] = 0x81; // FIN + text opcode
  if (len < 126) frame[1] = len;
  else if (len < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(len, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(0, 2);
    frame.writeUInt32BE(len, 6);
  }
  payload.copy(frame, head);
  return frame;
}

interface WsInternals {
  _socket?: Socket | null;
  _sender?: { _state?: number } | null;
}

/** Writes a prebuilt frame when ws's sender is idle (state 0, no compression); false when the caller must use ws.send. */
export function writePrebuilt(ws: WebSocket, frame: Buffer): boolean {
  const w = ws as unknown as WsInternals;
  const socket = w._socket;
  if (ws.readyState !== 1 || w._sender?._state !== 0 || !socket || socket.destroyed || !socket.writable) return false;
  socket.write(frame);
  return true;
}
