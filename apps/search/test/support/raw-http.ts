import { connect } from 'node:net';

/** One HTTP response as the wire carried it. */
export interface RawAnswer {
  readonly status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

export interface RawExchangeOptions {
  /** Ends our side of the connection once the bytes are written (for a request whose body never arrives whole). */
  readonly halfClose?: boolean;
  /** The first request is a HEAD: its answer has no body whatever its `content-length`. */
  readonly head?: boolean;
  /** Gives up after this long without the server closing the connection (a hang, not a speed goal). */
  readonly giveUpAfterMS?: number;
}

/**
 * Writes `bytes` as they are on a fresh connection to 127.0.0.1:`port` (no HTTP client in between, so any
 * malformation reaches the server) and reads until the server closes it. Returns every response it sent.
 * @throws Error when the server neither answers nor closes within `giveUpAfterMS`, or sends bytes that are not
 * HTTP/1.1 responses.
 */
export function rawExchange(
  port: number,
  bytes: Buffer,
  { halfClose = false, head = false, giveUpAfterMS = 15_000 }: RawExchangeOptions = {},
): Promise<RawAnswer[]> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer and no close within ${giveUpAfterMS} ms`));
    }, giveUpAfterMS);
    socket.on('connect', () => {
      socket.write(bytes);
      if (halfClose) socket.end();
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may reset a connection whose request it refused while bytes were still arriving: what it
    // answered before is in `chunks` all the same.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') {
        clearTimeout(timer);
        reject(error);
      }
    });
    socket.on('end', () => socket.end());
    socket.on('close', () => {
      clearTimeout(timer);
      try {
        resolve(parseAnswers(Buffer.concat(chunks), head));
      } catch (error) {
        reject(error);
      }
    });
  });
}

const headerEnd = Buffer.from('\r\n\r\n');

/** Splits the bytes a server sent on one connection into responses. */
export function parseAnswers(data: Buffer, firstIsHead = false): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let at = 0;
  while (at < data.length) {
    const end = data.indexOf(headerEnd, at);
    if (end < 0) throw new Error(`an answer cut in its headers: ${data.subarray(at).toString()}`);
    const [statusLine = '', ...lines] = data.subarray(at, end).toString('latin1').split('\r\n');
    const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
    if (!match) throw new Error(`not an HTTP response: ${statusLine}`);
    const status = Number(match[1]);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    at = end + headerEnd.length;
    // A HEAD's answer has no body; but a request refused by the HTTP parser is answered with a body before
    // anyone knew it was a HEAD: then exactly its content-length follows, and nothing else.
    const refusedHead =
      data.length - at === Number(headers['content-length']) &&
      !data.subarray(at).toString('latin1').startsWith('HTTP/');
    const bodyless =
      (answers.length === 0 && firstIsHead && !refusedHead) ||
      status === 204 ||
      status === 304 ||
      status < 200;
    let body: Buffer = Buffer.alloc(0);
    if (bodyless) {
      // No body follows.
    } else if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
      [body, at] = readChunked(data, at);
    } else if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (at + length > data.length) throw new Error(`an answer cut in its body (${status})`);
      body = data.subarray(at, at + length);
      at += length;
    } else {
      body = data.subarray(at);
      at = data.length;
    }
    answers.push({ status, headers, body });
  }
  return answers;
}

function readChunked(data: Buffer, start: number): [Buffer, number] {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) throw new Error('a chunked answer cut in a chunk size');
    const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    at = lineEnd + 2;
    if (size === 0) return [Buffer.concat(parts), data.indexOf(headerEnd, at - 2) + 4];
    parts.push(data.subarray(at, at + size));
    at += size + 2;
  }
}
