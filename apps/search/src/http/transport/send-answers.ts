import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerPiece } from '../../search/format-answer.ts';
import { compressFrom, type DeflatedText, gzipOf } from '../../search/gzip-pieces.ts';

/**
 * The client takes gzip: `accept-encoding` lists it (or `*` when gzip itself is not listed) with a q-value
 * above 0 (RFC 9110 §12.5.3), and it did not ask for no compression.
 */
export function acceptsGzip(request: FastifyRequest): boolean {
  if (request.headers['x-no-compression'] !== undefined) return false;
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  const weights = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [coding = '', ...parameters] = entry.trim().toLowerCase().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(coding.trim(), q === undefined ? 1 : Number(q.slice(2)));
  }
  const weight = weights.get('gzip') ?? weights.get('*') ?? 0;
  return weight > 0;
}

/**
 * Sends search answers as JSON: `before`, the answers separated by commas, `after` (e.g. `{"results":[` … `]}`).
 * A client that takes gzip gets the stored answers' compressed bytes with this call's text between them
 * (search/gzip-pieces.ts); any other gets the text, compressed or not by @fastify/compress as usual.
 */
export function sendAnswers(
  request: FastifyRequest,
  reply: FastifyReply,
  before: string,
  answers: readonly AnswerPiece[],
  after: string,
): FastifyReply {
  reply.type('application/json; charset=utf-8');
  const heads = answers.map(({ head }, position) => (position === 0 ? head : `,${head}`));
  // Characters, not bytes: a body just over the threshold in bytes may go out uncompressed, which is harmless.
  const length = answers.reduce((sum, { answer }) => sum + answer.restLength, before.length);
  if (!acceptsGzip(request) || length < compressFrom) {
    const text = answers.map(({ answer }, position) => heads[position] + answer.rest);
    return reply.send(before + text.join('') + after);
  }
  const pieces: (string | DeflatedText)[] = [before];
  answers.forEach(({ answer }, position) => {
    pieces.push(heads[position] ?? '', answer.deflated);
  });
  pieces.push(after);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  reply.header('content-encoding', 'gzip');
  return reply.send(gzipOf(pieces));
}
