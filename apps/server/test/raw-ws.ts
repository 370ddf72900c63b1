/**
 * A WebSocket client at the byte level, for what a well-behaved library never does: several frames
 * in one TCP write, binary frames, a client that stops reading. The handshake and the frames are
 * RFC 6455's (client frames masked); what the server sends is parsed into text messages.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/** One client frame: text (opcode 1) or binary (2), masked as RFC 6455 §5.3 requires. */
export function clientFrame(payload: string | Buffer, opcode: 1 | 2 = 1): Buffer {
  const data = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  const mask = randomBytes(4);
  const length = data.length;
  const header =
    length < 126
      ? Buffer.from([0x80 | opcode, 0x80 | length])
      : length < 65_536
        ? Buffer.from([0x80 | opcode, 0x80 | 126, length >> 8, length & 0xff])
        : (() => {
            const h = Buffer.alloc(10);
            h[0] = 0x80 | opcode;
            h[1] = 0x80 | 127;
            h.writeBigUInt64BE(BigInt(length), 2);
            return h;
          })();
  const masked = Buffer.alloc(length);
  for (let i = 0; i < length; i++) masked[i] = (data[i] as number) ^ (mask[i % 4] as number);
  return Buffer.concat([header, mask, masked]);
}

export class RawSocket {
  readonly messages: Record<string, unknown>[] = [];
  /** Bytes received after the handshake. */
  received = 0;
  closed = false;
  closeCode: number | null = null;
  private buffer: Buffer = Buffer.alloc(0);

  private constructor(readonly socket: Socket) {}

  /** Opens `ws://host:port/ws` and completes the handshake. */
  static open(url: string): Promise<RawSocket> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = connect({ host: hostname, port: Number(port) });
      const raw = new RawSocket(socket);
      let head = Buffer.alloc(0);
      const onData = (chunk: Buffer) => {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        socket.off('data', onData);
        const status = head.subarray(0, end).toString('latin1').split('\r\n')[0] ?? '';
        if (!status.includes(' 101 ')) {
          reject(new Error(`handshake refused: ${status}`));
          socket.destroy();
          return;
        }
        socket.on('data', (data: Buffer) => raw.take(data));
        raw.take(head.subarray(end + 4));
        resolve(raw);
      };
      socket.on('data', onData);
      socket.on('error', reject);
      socket.on('close', () => {
        raw.closed = true;
      });
      socket.on('connect', () => {
        socket.write(
          `GET /ws HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
        );
      });
    });
  }

  /** Writes every frame in one TCP write. */
  write(...frames: Buffer[]): void {
    this.socket.write(Buffer.concat(frames));
  }

  /** Each message as its own text frame, all in one TCP write. */
  sendTogether(...messages: unknown[]): void {
    this.write(...messages.map((m) => clientFrame(JSON.stringify(m))));
  }

  /** Stops reading from the socket (the kernel's buffers fill, then the server's). */
  stopReading(): void {
    this.socket.pause();
  }

  of(type: string): Record<string, unknown>[] {
    return this.messages.filter((m) => m.type === type);
  }

  destroy(): void {
    this.socket.destroy();
  }

  private take(data: Buffer): void {
    this.received += data.length;
    this.buffer = this.buffer.length === 0 ? data : Buffer.concat([this.buffer, data]);
    for (;;) {
      const b = this.buffer;
      if (b.length < 2) return;
      const opcode = (b[0] as number) & 0x0f;
      let length = (b[1] as number) & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (b.length < 4) return;
        length = b.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (b.length < 10) return;
        length = Number(b.readBigUInt64BE(2));
        offset = 10;
      }
      if (b.length < offset + length) return;
      const payload = b.subarray(offset, offset + length);
      this.buffer = b.subarray(offset + length);
      if (opcode === 1) this.messages.push(JSON.parse(payload.toString('utf8')) as Record<string, unknown>);
      else if (opcode === 8) this.closeCode = payload.length >= 2 ? payload.readUInt16BE(0) : null;
      else if (opcode === 9) this.socket.write(Buffer.concat([Buffer.from([0x8a, 0x80]), randomBytes(4)]));
    }
  }
}
