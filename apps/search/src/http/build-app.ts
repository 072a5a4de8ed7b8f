import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  type ForwardToOwner,
  forwardParsed,
  registerForwardRoute,
} from '../cluster/forward-route.ts';
import { ReplicaMirror } from '../cluster/replica-mirror.ts';
import { BuildSnapshots } from '../indices/build-snapshot/build-snapshots.ts';
import { IndexPreparer } from '../indices/index-preparer.ts';
import { RecommendRegistry } from '../indices/recommend-registry.ts';
import { SearchService } from '../indices/search-service.ts';
import { SearchLog, type SearchLogOptions } from '../insights/search-log.ts';
import { browseCursorKey } from '../protocol/browse-cursor.ts';
import { SearchCache } from '../search/search-cache.ts';
import type { SearchStore, StoreChange } from '../store/search-store.ts';
import { QuerySuggestions } from '../suggestions/query-suggestions.ts';
import { registerAuth } from './auth/auth-hook.ts';
import { KeyRing } from './auth/key-ring.ts';
import { fromStoredKey, serviceKeys } from './auth/stored-keys.ts';
import { RateLimiter } from './limits/rate-limiter.ts';
import { defaultLimits, type RouteContext, type ServiceLimits } from './route-context.ts';
import { registerAnalyticsRoutes } from './routes/analytics-routes.ts';
import { registerBatchRoutes } from './routes/batch-routes.ts';
import { registerBrowseRoutes } from './routes/browse-routes.ts';
import { registerEventRoutes } from './routes/event-routes.ts';
import { registerHealthRoutes } from './routes/health-routes.ts';
import { registerIndexRoutes } from './routes/index-routes.ts';
import { registerKeyRoutes } from './routes/key-routes.ts';
import { registerObjectReadRoutes } from './routes/object-read-routes.ts';
import { registerObjectWriteRoutes } from './routes/object-write-routes.ts';
import { registerQuerySuggestionsRoutes } from './routes/query-suggestions-routes.ts';
import { registerRecommendRoutes } from './routes/recommend-routes.ts';
import { registerSearchRoutes } from './routes/search-routes.ts';
import { registerSettingsRoutes } from './routes/settings-routes.ts';
import { registerSynonymAndRuleRoutes } from './routes/synonym-and-rule-routes.ts';
import { registerCorrelationId } from './transport/correlation-id.ts';
import { registerCors } from './transport/cors.ts';
import {
  answerClientError,
  answerFrameworkError,
  registerErrorHandling,
} from './transport/errors.ts';
import { safeLoggerOptions } from './transport/logger-options.ts';
import { registerNoSniff } from './transport/nosniff.ts';
import { randomHex } from './transport/random-hex.ts';
import { registerReadiness } from './transport/readiness.ts';
import { registerRequestBody } from './transport/request-body.ts';

/** The service's identity and its two own keys. */
export interface KeysConfig {
  /** Compared with `x-algolia-application-id` (default in main.ts: `vitrine`). */
  readonly appId: string;
  readonly adminKey: string;
  readonly searchKey: string;
  /** Index patterns the search-only key may read; `[]` = every index. */
  readonly searchKeyIndexes?: readonly string[];
}

export interface AppDependencies {
  readonly store: SearchStore;
  readonly keys: KeysConfig;
  readonly clock?: () => Date;
  /** Allowed browser origins; default `*`. */
  readonly corsOrigins?: readonly string[] | '*';
  readonly limits?: Partial<ServiceLimits>;
  readonly logger?: FastifyServerOptions['logger'];
  readonly searchLog?: SearchLogOptions;
  /** Quiet time after record writes before the Recommend catalogues are rebuilt (default 1,000 ms). */
  readonly catalogueDelayMS?: number;
  /** Set in a search worker process (cluster/): it serves searches and object reads, the owner the rest. */
  readonly worker?: WorkerRole;
  /** Age of a Query Suggestions index's last build after which it is built again (default one hour). */
  readonly suggestionsRebuildMS?: number;
  /**
   * Where the persisted build of the indices lives (a start takes the indices from it when it holds the store's
   * latest task; it is written after each quiet time and at close). None by default; ignored in a search worker.
   */
  readonly buildSnapshot?: { readonly directory: string; readonly quietMS?: number };
}

/** How a search worker reaches the owner process (cluster/worker.ts). */
export interface WorkerRole {
  readonly forward: ForwardToOwner;
  /** Called once the indices are loaded from the owner's snapshot: `apply` must then get every later task's changes, in order. */
  readonly follow: (apply: (changes: readonly StoreChange[]) => void) => void;
}

/** What the app exposes beyond Fastify: readiness and the live service (for tests and main.ts). */
export interface VitrineHandle {
  readonly service: SearchService;
  readonly searchLog: SearchLog;
  readonly searchCache: SearchCache;
  /** Resolves once the indices are rebuilt from the store (rejects if that fails). */
  readonly ready: Promise<void>;
  /** The persisted build, when one is configured. */
  readonly snapshots: BuildSnapshots | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    vitrine: VitrineHandle;
  }
}

/** Quiet time after the last write before the engines are warmed (`IndexPreparer`). */
const prepareDelayMS = 200;

/**
 * Builds the search service's HTTP app from its dependencies (no environment reading, no listening). The
 * indices are loaded from the store in the background: until then API routes answer 503. Closing the app
 * drains pending writes and flushes the search log; the store stays open (its owner closes it).
 */
export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const clock = dependencies.clock ?? (() => new Date());
  const limits: ServiceLimits = { ...defaultLimits, ...dependencies.limits };
  const app = Fastify({
    logger: safeLoggerOptions(dependencies.logger),
    bodyLimit: limits.searchBodyBytes,
    // Secured keys travel in the URL and can be long (docs/api.md §1.2).
    routerOptions: { maxParamLength: 1024 },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  const snapshots = buildSnapshotsOf(app, dependencies);
  const service = new SearchService(dependencies.store, clock, snapshots);
  const { keys, worker } = dependencies;
  const ring = new KeyRing(serviceKeys(keys.adminKey, keys.searchKey, keys.searchKeyIndexes ?? []));
  const searchLog = new SearchLog(dependencies.store, {
    ...dependencies.searchLog,
    onError: (error) => app.log.error({ err: error }, 'search log flush failed'),
  });
  const recommend = new RecommendRegistry(service.registry, {
    ...(dependencies.catalogueDelayMS === undefined
      ? {}
      : { catalogueDelayMS: dependencies.catalogueDelayMS }),
  });
  service.onWrite((indexName) => recommend.recordsChanged(indexName));
  const preparer = preparerOf(app, service, snapshots);
  const context: RouteContext = {
    service,
    ring,
    searchLog,
    store: dependencies.store,
    recommend,
    clock,
    limits,
    cursorKey: browseCursorKey(keys.adminKey),
    searchCache: new SearchCache(limits.searchCacheEntries),
    generateId: () => randomUUID(),
    generateQueryId: () => randomHex(16),
    suggestions: querySuggestionsOf(app, dependencies, service, searchLog, limits, clock),
  };
  registerNoSniff(app);
  await registerCors(app, dependencies.corsOrigins ?? '*');
  await registerCompression(app);
  registerErrorHandling(app);
  registerCorrelationId(app);
  registerReadiness(app, service);
  registerAuth(app, {
    ring,
    appId: keys.appId,
    clock,
    rateLimiter: new RateLimiter(),
    ...(worker
      ? { forwardLimited: (request, reply) => forwardParsed(request, reply, worker.forward) }
      : {}),
  });
  registerRequestBody(app);
  const routes = worker
    ? [registerHealthRoutes, registerSearchRoutes, registerObjectReadRoutes]
    : allRoutes;
  for (const register of routes) register(app, context);
  if (worker) {
    const largestBody = Math.max(
      limits.indexingBodyBytes,
      limits.eventsBodyBytes,
      limits.searchBodyBytes,
    );
    await registerForwardRoute(app, worker.forward, largestBody);
  }
  const ready = loadIndices(context, worker);
  ready.catch((error: unknown) => app.log.error({ err: error }, 'could not load the indices'));
  app.decorate('vitrine', {
    service,
    searchLog,
    searchCache: context.searchCache,
    ready,
    snapshots,
  });
  app.addHook('onClose', async () => {
    preparer.stop();
    await service.drain();
    await snapshots?.stop(service.state === 'ready');
    await searchLog.close();
    recommend.close();
  });
  return app;
}

/**
 * Warms the engines after writes; it waits while a write is committed or applied, or the build saved (one long
 * task at a time shares the thread with searches).
 */
function preparerOf(
  app: FastifyInstance,
  service: SearchService,
  snapshots: BuildSnapshots | undefined,
): IndexPreparer {
  const preparer = new IndexPreparer(
    service.registry,
    prepareDelayMS,
    (error) => app.log.warn({ err: error }, 'warming an index after writes failed'),
    () => service.pendingWrites > 0 || snapshots?.saving === true,
  );
  service.registry.onChanged(() => preparer.schedule());
  return preparer;
}

/** Compressed responses (gzip, deflate). */
async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['gzip', 'deflate'],
    // Search responses (10–60 kB of JSON) are compressed in one synchronous call at level 1: about 0.1 ms of
    // CPU each, against 0.3 ms through a per-response zlib stream at level 6, for a body ~20 % larger.
    syncThreshold: 65_536,
    zlibOptions: { level: 1 },
  });
}

/** The persisted build of the indices, when configured (the owner process's: a search worker loads from it). */
function buildSnapshotsOf(
  app: FastifyInstance,
  dependencies: AppDependencies,
): BuildSnapshots | undefined {
  if (!dependencies.buildSnapshot || dependencies.worker) return undefined;
  return new BuildSnapshots({
    ...dependencies.buildSnapshot,
    log: { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) },
  });
}

/** The Query Suggestions configurations and their builds (started once the indices are loaded). */
function querySuggestionsOf(
  app: FastifyInstance,
  dependencies: AppDependencies,
  service: SearchService,
  searchLog: SearchLog,
  limits: ServiceLimits,
  clock: () => Date,
): QuerySuggestions {
  const rebuildEveryMS = dependencies.suggestionsRebuildMS;
  const suggestions = new QuerySuggestions({
    appId: dependencies.keys.appId,
    service,
    store: dependencies.store,
    clock,
    maxRecordBytes: limits.maxRecordBytes,
    flushSearchLog: () => searchLog.flush(),
    ...(rebuildEveryMS === undefined ? {} : { rebuildEveryMS }),
    onError: (error, indexName) =>
      app.log.error({ err: error, indexName }, 'query suggestions failed'),
  });
  // Before the onClose hooks drain the writes: a build stops at its next slice and writes nothing more.
  app.addHook('preClose', async () => suggestions.close());
  return suggestions;
}

/**
 * Rebuilds the indices and keys from the store in the background. The models keep their state in memory only:
 * stored events are replayed before the service turns ready, so no event can be both replayed and fed live. A
 * search worker then follows the owner's writes; the owner starts the Query Suggestions builds.
 */
async function loadIndices(context: RouteContext, worker: WorkerRole | undefined): Promise<void> {
  const { store, service, ring, recommend, suggestions } = context;
  const events = await store.readEvents();
  await service.hydrate((state) => {
    for (const stored of state.keys) if (stored.kind === 'custom') ring.put(fromStoredKey(stored));
    recommend.replay(events);
    if (worker) {
      const mirror = new ReplicaMirror(service.registry, ring, state);
      worker.follow((changes) => mirror.apply(changes));
    }
  });
  // Only the owner process builds suggestions (a worker serves searches of the indices it is sent).
  if (!worker) await suggestions.start();
}

const allRoutes = [
  registerHealthRoutes,
  registerSearchRoutes,
  registerBrowseRoutes,
  registerObjectReadRoutes,
  registerObjectWriteRoutes,
  registerBatchRoutes,
  registerIndexRoutes,
  registerSettingsRoutes,
  registerSynonymAndRuleRoutes,
  registerKeyRoutes,
  registerEventRoutes,
  registerRecommendRoutes,
  registerAnalyticsRoutes,
  registerQuerySuggestionsRoutes,
];
