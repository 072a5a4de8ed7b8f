import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isJsonObject } from '../../protocol/decode-params.ts';
import { readIndexName } from '../../protocol/parse-batch.ts';
import {
  formatSuggestionsConfig,
  parseSuggestionsConfig,
  type SuggestionsConfig,
} from '../../suggestions/suggestions-config.ts';
import { isIndexAllowed } from '../auth/authenticate.ts';
import { checkIndex } from '../auth/search-access.ts';
import type { RouteContext } from '../route-context.ts';

interface ConfigParams {
  indexName: string;
}

/**
 * The Query Suggestions API (docs/api.md §2.16), Algolia's paths and shapes: configurations created, listed, read,
 * updated and deleted, each one's build status and last build's logs. Writing needs `editSettings`, reading
 * `settings` (Algolia's ACLs for these endpoints); a key restricted to some indices sees only those
 * configurations.
 */
export function registerQuerySuggestionsRoutes(app: FastifyInstance, context: RouteContext): void {
  const { suggestions } = context;
  const { appId } = suggestions;
  const write = { config: { access: 'editSettings' as const } };
  const read = { config: { access: 'settings' as const } };

  app.post('/1/configs', write, async (request) => {
    const body = isJsonObject(request.body) ? request.body : undefined;
    const indexName = readIndexName(body?.['indexName']);
    checkIndex(request, indexName);
    await suggestions.create(checkSources(request, parseSuggestionsConfig(body, indexName)));
    return {
      status: 200,
      message: 'Configuration was created, and a new indexing job has been scheduled.',
    };
  });

  app.get('/1/configs', read, async (request) =>
    suggestions
      .list()
      .filter((config) => !request.auth || isIndexAllowed(request.auth, config.indexName))
      .map((config) => formatSuggestionsConfig(config, appId)),
  );

  app.get<{ Params: ConfigParams }>('/1/configs/:indexName', read, async (request) => {
    const indexName = readIndexName(request.params.indexName);
    checkIndex(request, indexName);
    return formatSuggestionsConfig(suggestions.get(indexName), appId);
  });

  app.put<{ Params: ConfigParams }>('/1/configs/:indexName', write, async (request) => {
    const indexName = readIndexName(request.params.indexName);
    checkIndex(request, indexName);
    await suggestions.update(
      checkSources(request, parseSuggestionsConfig(request.body, indexName)),
    );
    return {
      status: 200,
      message: 'Configuration was updated, and a new indexing job has been scheduled.',
    };
  });

  app.delete<{ Params: ConfigParams }>('/1/configs/:indexName', write, async (request) => {
    const indexName = readIndexName(request.params.indexName);
    checkIndex(request, indexName);
    await suggestions.delete(indexName);
    return { status: 200, message: 'Configuration was deleted with success.' };
  });

  app.get<{ Params: ConfigParams }>('/1/configs/:indexName/status', read, async (request) => {
    const indexName = readIndexName(request.params.indexName);
    checkIndex(request, indexName);
    return suggestions.status(indexName);
  });

  app.get<{ Params: ConfigParams }>('/1/logs/:indexName', read, async (request) => {
    const indexName = readIndexName(request.params.indexName);
    checkIndex(request, indexName);
    return suggestions.logs(indexName);
  });
}

/** The key must reach every index the configuration reads (sources and external seed indices). */
function checkSources(request: FastifyRequest, config: SuggestionsConfig): SuggestionsConfig {
  for (const source of config.sourceIndices) {
    checkIndex(request, source.indexName);
    for (const external of source.external) checkIndex(request, external);
  }
  return config;
}
