import type { FastifyRequest, FastifyServerOptions } from 'fastify';

type LoggerOption = NonNullable<FastifyServerOptions['logger']>;

/**
 * Logger options that never write credentials: browser clients put the API key in the query string
 * (docs/api.md §1.2), so requests are logged as method, path and agent only.
 * @param logger - `false`/absent: no logging; `true`: info level; an options object is kept, serializers added.
 */
export function safeLoggerOptions(logger: LoggerOption | undefined): LoggerOption {
  if (logger === undefined || logger === false) return false;
  const base = logger === true ? { level: 'info' } : logger;
  return {
    ...base,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: request.url.split('?')[0] ?? '',
        agent: agentOf(request.url, request.headers),
      }),
    },
  };
}

function agentOf(url: string, headers: FastifyRequest['headers']): string | undefined {
  const fromHeader = headers['x-algolia-agent'];
  if (typeof fromHeader === 'string') return fromHeader;
  const query = url.split('?')[1];
  return query ? (new URLSearchParams(query).get('x-algolia-agent') ?? undefined) : undefined;
}
