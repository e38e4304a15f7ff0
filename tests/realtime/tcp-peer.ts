/**
 * A websocket client written on a bare TCP socket, so a test can do what no well-behaved library does: send its
 * close frame and then stop reading (never finishing the closing handshake), or write protocol junk.
 */
import { connect, type Socket } from 'node:net';
import { upgradeRequest, wsFrame } from '../resilience/realtime-junk';
import { APP } from './helpers';

export interface PeerMessage {
  event: string;
  channel?: string;
  payload: any;
}

export class TcpPeer {
  readonly messages: PeerMessage[] = [];
  /** Resolves when the server (or anything) ends the TCP connection. */
  readonly closed: Promise<void>;
  socketId = '';
  private buf = Buffer.alloc(0);
  private upgraded = false;
  private waiters: { pred: (m: PeerMessage) => boolean; resolve: (m: PeerMessage) => void }[] = [];

  private constructor(readonly socket: Socket) {
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => this.read(chunk));
  }

  static async open(port: number): Promise<TcpPeer> {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const peer = new TcpPeer(socket);
    socket.write(upgradeRequest(`/app/${APP.key}?protocol=7&client=js&version=8.4.0`));
    const established = await peer.next((m) => m.event === 'pusher:connection_established');
    peer.socketId = established.payload.socket_id;
    return peer;
  }

  send(frame: unknown): void {
    this.socket.write(wsFrame({ opcode: 1, payload: Buffer.from(JSON.stringify(frame)) }));
  }

  /** A close frame with a status code (the start of the closing handshake); the TCP connection stays open. */
  sendClose(code = 1000): void {
    const payload = Buffer.alloc(2);
    payload.writeUInt16BE(code);
    this.socket.write(wsFrame({ opcode: 8, payload }));
  }

  /** Reads nothing more: the server's close frame (and anything else) stays unread, no FIN is sent back. */
  stopReading(): void {
    this.socket.pause();
  }

  /**
   * Whether the server has let go of the connection within timeoutMs, seen without reading: a byte is written
   * every 50 ms, and a server that closed its socket answers with a reset (a half-closed one still takes it).
   */
  async cutByServer(timeoutMs: number): Promise<boolean> {
    const end = Date.now() + timeoutMs;
    let gone = false;
    void this.closed.then(() => (gone = true));
    while (!gone && Date.now() < end) {
      if (this.socket.writable) this.socket.write(Buffer.from([0]));
      await new Promise((r) => setTimeout(r, 50));
    }
    return gone;
  }

  next(pred: (m: PeerMessage) => boolean, timeoutMs = 3000): Promise<PeerMessage> {
    const found = this.messages.find(pred);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`tcp peer: no such message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`)), timeoutMs);
      this.waiters.push({ pred, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  }

  destroy(): void {
    this.socket.destroy();
  }

  private read(chunk: Buffer): void {
    this.buf = Buffer.concat([this.buf, chunk]);
    if (!this.upgraded) {
      const end = this.buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      this.upgraded = true;
      this.buf = this.buf.subarray(end + 4);
    }
    for (;;) {
      if (this.buf.length < 2) return;
      const opcode = this.buf[0] & 0x0f;
      let len = this.buf[1] & 0x7f;
      let offset = 2;
      if (len === 126) {
        if (this.buf.length < 4) return;
        len = this.buf.readUInt16BE(2);
        offset = 4;
      } else if (len === 127) {
        if (this.buf.length < 10) return;
        len = Number(this.buf.readBigUInt64BE(2));
        offset = 10;
      }
      if (this.buf.length < offset + len) return;
      const payload = this.buf.subarray(offset, offset + len);
      this.buf = this.buf.subarray(offset + len);
      if (opcode === 1) this.receive(payload.toString('utf8'));
    }
  }

  private receive(raw: string): void {
    const frame = JSON.parse(raw);
    let payload = frame.data;
    try {
      if (typeof payload === 'string') payload = JSON.parse(payload);
    } catch {
      /* plain string data */
    }
    const m: PeerMessage = { event: frame.event, channel: frame.channel, payload };
    this.messages.push(m);
    const i = this.waiters.findIndex((w) => w.pred(m));
    if (i >= 0) this.waiters.splice(i, 1)[0].resolve(m);
  }
}
