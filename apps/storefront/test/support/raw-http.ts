import { connect } from 'node:net';

/**
 * One HTTP/1.1 request written byte for byte on its own connection, so a test can send what `fetch` refuses
 * to: a `Content-Length` that does not match the body, any method, header or encoding. `Connection: close` is
 * added: the answer ends when the server closes.
 */
export interface RawRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: Buffer;
}

export type RawAnswer =
  | {
      readonly kind: 'answered';
      readonly status: number;
      readonly headers: ReadonlyMap<string, string>;
      readonly body: Buffer;
    }
  /** The server closed the connection without a complete status line (or did not answer in time). */
  | { readonly kind: 'closed'; readonly reason: string };

export function sendRaw(
  port: number,
  request: RawRequest,
  options: { readonly halfClose: boolean; readonly timeoutMs: number },
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: '127.0.0.1', port });
    const finish = (reason: string) => {
      socket.destroy();
      resolve(parseAnswer(Buffer.concat(chunks), reason));
    };
    const timer = setTimeout(() => finish('timeout'), options.timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      finish(error.message);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      finish('closed');
    });
    socket.on('connect', () => {
      const head = [
        `${request.method} ${request.path} HTTP/1.1`,
        'host: 127.0.0.1',
        'connection: close',
        ...request.headers.map(([name, value]) => `${name}: ${value}`),
      ].join('\r\n');
      socket.write(Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), request.body]));
      // A body shorter than its Content-Length: say that nothing more will come.
      if (options.halfClose) socket.end();
    });
  });
}

function parseAnswer(bytes: Buffer, reason: string): RawAnswer {
  const end = bytes.indexOf('\r\n\r\n');
  const statusLine = /^HTTP\/1\.1 (\d{3})/.exec(bytes.subarray(0, 20).toString('latin1'));
  if (end < 0 || !statusLine) return { kind: 'closed', reason };
  const headers = new Map<string, string>();
  for (const line of bytes.subarray(0, end).toString('latin1').split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const raw = bytes.subarray(end + 4);
  const body = headers.get('transfer-encoding')?.includes('chunked') ? unchunk(raw) : raw;
  return { kind: 'answered', status: Number(statusLine[1]), headers, body };
}

function unchunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < raw.length) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
