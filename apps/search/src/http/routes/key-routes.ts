import type { FastifyInstance } from 'fastify';
import { formatKey, type KeyAttributes, parseKeyAttributes } from '../../protocol/api-key-wire.ts';
import { SearchApiError } from '../../protocol/search-api-error.ts';
import type { ApiKey } from '../auth/api-key.ts';
import { generateApiKeyValue, toStoredKey } from '../auth/stored-keys.ts';
import type { RouteContext } from '../route-context.ts';
import { commitWrite } from '../write-response.ts';

const maxKeys = 5000;

/** The keys API (docs/api.md §2.10): admin only, except reading one's own key. */
export function registerKeyRoutes(app: FastifyInstance, context: RouteContext): void {
  const { ring } = context;
  const save = (key: ApiKey) =>
    commitWrite(context, () => ({
      indexName: undefined,
      changes: [{ kind: 'putKey', key: toStoredKey(key) }],
      apply: () => ring.put(key),
      result: undefined,
    }));
  const requireCustom = (value: string): ApiKey => {
    const key = ring.get(value);
    if (!key) throw new SearchApiError(404, 'Key does not exist');
    if (key.kind !== 'custom') {
      throw new SearchApiError(
        400,
        "The service's own keys are set by its configuration, not through the API",
      );
    }
    return key;
  };

  app.post('/1/keys', { config: { access: 'admin' } }, async (request) => {
    const attributes: KeyAttributes = parseKeyAttributes(request.body);
    if (ring.list().length >= maxKeys)
      throw new SearchApiError(400, `An application holds at most ${maxKeys} keys`);
    const value = generateApiKeyValue();
    const done = await commitWrite(context, (at) => {
      const key: ApiKey = { ...attributes, value, kind: 'custom', createdAt: at };
      return {
        indexName: undefined,
        changes: [{ kind: 'putKey', key: toStoredKey(key) }],
        apply: () => ring.put(key),
        result: undefined,
      };
    });
    return { key: value, createdAt: done.at.toISOString() };
  });
  app.get('/1/keys', { config: { access: 'admin' } }, async () => ({
    keys: ring.list().map((key) => formatKey(key)),
  }));
  app.get<{ Params: { key: string } }>(
    '/1/keys/:key',
    { config: { access: 'search' } },
    async (request) => {
      const auth = request.auth;
      const key = ring.get(request.params.key);
      if (auth && !auth.isAdmin) {
        if (auth.secured || auth.key.value !== request.params.key) {
          throw new SearchApiError(403, 'Method not allowed with this API key');
        }
        return formatKey(auth.key, true);
      }
      if (!key || key.kind === 'admin') throw new SearchApiError(404, 'Key does not exist');
      return formatKey(key);
    },
  );
  app.put<{ Params: { key: string } }>(
    '/1/keys/:key',
    { config: { access: 'admin' } },
    async (request) => {
      const current = requireCustom(request.params.key);
      const attributes = parseKeyAttributes(request.body);
      const done = await save({
        ...attributes,
        value: current.value,
        kind: 'custom',
        createdAt: current.createdAt,
      });
      return { key: current.value, updatedAt: done.at.toISOString() };
    },
  );
  app.delete<{ Params: { key: string } }>(
    '/1/keys/:key',
    { config: { access: 'admin' } },
    async (request) => {
      const { value } = requireCustom(request.params.key);
      const done = await commitWrite(context, () => ({
        indexName: undefined,
        changes: [{ kind: 'deleteKey', value }],
        apply: () => ring.delete(value),
        result: undefined,
      }));
      return { deletedAt: done.at.toISOString() };
    },
  );
}
