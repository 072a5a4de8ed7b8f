/**
 * The Query Suggestions configurations of the service and their builds: configurations are kept in the store
 * (and in memory), each build's status and logs too. A build runs when a configuration is created or updated,
 * then again once its last build is `rebuildEveryMS` old (default hourly). One build runs at a time, its searches
 * in slices: searches and writes keep being served meanwhile.
 */
import type { SearchService } from '../indices/search-service.ts';
import { SearchApiError } from '../protocol/search-api-error.ts';
import type { JsonObject, SearchStore } from '../store/search-store.ts';
import { BuildLog, type BuildState, readBuildState } from './build-log.ts';
import { buildSuggestions } from './build-suggestions.ts';
import { replaceSuggestionsIndex } from './replace-suggestions-index.ts';
import {
  formatSuggestionsConfig,
  languagesOf,
  parseSuggestionsConfig,
  type SuggestionsConfig,
} from './suggestions-config.ts';

/** Algolia's cap. */
export const maxConfigs = 100;

export interface QuerySuggestionsOptions {
  /** The application id, answered as each configuration's `appID`. */
  readonly appId: string;
  readonly service: SearchService;
  readonly store: SearchStore;
  readonly clock: () => Date;
  readonly maxRecordBytes: number;
  /** Age of the last build after which a configuration is built again (default one hour). */
  readonly rebuildEveryMS?: number;
  /** A build or the start failed (`indexName` `*`: reading the configurations). */
  readonly onError?: (error: unknown, indexName: string) => void;
  /** Writes the buffered search-log entries, so a build counts the searches made just before it. */
  readonly flushSearchLog?: () => Promise<void>;
}

interface Entry {
  config: SuggestionsConfig;
  state: BuildState;
  readonly createdAt: Date;
}

class BuildStopped extends Error {}

export class QuerySuggestions {
  readonly #options: QuerySuggestionsOptions;
  readonly #entries = new Map<string, Entry>();
  readonly #pending = new Set<string>();
  #running: string | undefined;
  #draining: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: QuerySuggestionsOptions) {
    this.#options = options;
  }

  get appId(): string {
    return this.#options.appId;
  }

  get rebuildEveryMS(): number {
    return this.#options.rebuildEveryMS ?? 60 * 60 * 1000;
  }

  /** Reads the stored configurations, builds those due, and checks every minute (at most) for due ones. */
  async start(): Promise<void> {
    const configs = await this.#options.store.readSuggestionsConfigs().catch((error: unknown) => {
      this.#options.onError?.(error, '*');
      return [];
    });
    for (const stored of configs) {
      try {
        this.#entries.set(stored.indexName, {
          config: parseSuggestionsConfig(stored.config, stored.indexName),
          state: readBuildState(stored.state),
          createdAt: stored.createdAt,
        });
      } catch (error) {
        this.#options.onError?.(error, stored.indexName);
      }
    }
    if (this.#closed) return;
    this.#scheduleDue();
    this.#timer = setInterval(() => this.#scheduleDue(), Math.min(this.rebuildEveryMS, 60_000));
    this.#timer.unref();
  }

  /** Stops the timer and the running build (its index keeps its previous records). */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    this.#pending.clear();
    await this.#draining;
  }

  list(): SuggestionsConfig[] {
    return [...this.#entries.values()].map((entry) => entry.config);
  }

  /** @throws SearchApiError 404 when there is no configuration of that name. */
  get(indexName: string): SuggestionsConfig {
    return this.#require(indexName).config;
  }

  status(indexName: string) {
    const { state } = this.#require(indexName);
    return {
      indexName,
      isRunning: this.#running === indexName || this.#pending.has(indexName),
      ...(state.lastBuiltAt === undefined ? {} : { lastBuiltAt: state.lastBuiltAt }),
      ...(state.lastSuccessfulBuiltAt === undefined
        ? {}
        : { lastSuccessfulBuiltAt: state.lastSuccessfulBuiltAt }),
      ...(state.lastSuccessfulBuildDuration === undefined
        ? {}
        : { lastSuccessfulBuildDuration: state.lastSuccessfulBuildDuration }),
    };
  }

  logs(indexName: string) {
    return this.#require(indexName).state.logs;
  }

  /** @throws SearchApiError 400 when it exists already, names a missing source, or would be one too many. */
  async create(config: SuggestionsConfig): Promise<void> {
    if (this.#entries.has(config.indexName))
      throw new SearchApiError(400, `A configuration for ${config.indexName} already exists`);
    if (this.#entries.size >= maxConfigs)
      throw new SearchApiError(400, `An application holds at most ${maxConfigs} configurations`);
    this.#checkSources(config);
    const at = this.#options.clock();
    const entry: Entry = { config, state: { logs: [] }, createdAt: at };
    await this.#save(entry, at);
    this.#entries.set(config.indexName, entry);
    this.requestBuild(config.indexName);
  }

  /** @throws SearchApiError 404 when missing, 400 when it names a missing source. */
  async update(config: SuggestionsConfig): Promise<void> {
    const entry = this.#require(config.indexName);
    this.#checkSources(config);
    const next: Entry = { ...entry, config };
    await this.#save(next, this.#options.clock());
    this.#entries.set(config.indexName, next);
    this.requestBuild(config.indexName);
  }

  /** Removes the configuration; its suggestions index stays (as Algolia: delete it with the Search API). */
  async delete(indexName: string): Promise<void> {
    this.#require(indexName);
    await this.#options.store.deleteSuggestionsConfig(indexName);
    this.#entries.delete(indexName);
    this.#pending.delete(indexName);
  }

  /** Queues a build (once: a build already queued is not queued twice). */
  requestBuild(indexName: string): void {
    if (this.#closed || !this.#entries.has(indexName)) return;
    this.#pending.add(indexName);
    this.#draining ??= this.#drain().finally(() => {
      this.#draining = undefined;
    });
  }

  /** Resolves once every queued build has run (tests, and the route that waits for nothing else). */
  async idle(): Promise<void> {
    for (let draining = this.#draining; draining !== undefined; draining = this.#draining)
      await draining;
  }

  #scheduleDue(): void {
    const now = this.#options.clock().getTime();
    for (const [indexName, entry] of this.#entries) {
      const last = entry.state.lastBuiltAt ? Date.parse(entry.state.lastBuiltAt) : Number.NaN;
      if (!(now - last < this.rebuildEveryMS)) this.requestBuild(indexName);
    }
  }

  async #drain(): Promise<void> {
    // Builds start after the request that asked for them has been answered.
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (let next = this.#first(); next !== undefined && !this.#closed; next = this.#first()) {
      this.#pending.delete(next);
      this.#running = next;
      try {
        await this.#build(next);
      } catch (error) {
        if (!(error instanceof BuildStopped)) this.#options.onError?.(error, next);
      } finally {
        this.#running = undefined;
      }
    }
  }

  #first(): string | undefined {
    return this.#pending.values().next().value;
  }

  async #build(indexName: string): Promise<void> {
    const entry = this.#entries.get(indexName);
    if (!entry) return;
    const { config } = entry;
    const { clock, service, store } = this.#options;
    const started = clock();
    const log = new BuildLog(clock);
    log.add('INFO', 'build started', 0);
    let succeeded = false;
    try {
      await this.#options.flushSearchLog?.();
      const records = await buildSuggestions(
        {
          registry: service.registry,
          store,
          now: started,
          pause: async () => {
            await new Promise<void>((resolve) => setImmediate(resolve));
            if (this.#closed) throw new BuildStopped('closed');
          },
        },
        config,
        log,
      );
      if (this.#closed) throw new BuildStopped('closed');
      await replaceSuggestionsIndex(
        service,
        indexName,
        records,
        languagesOf(config),
        this.#options.maxRecordBytes,
      );
      log.add('INFO', `build finished: ${records.length} suggestions`, 0);
      succeeded = true;
    } catch (error) {
      if (error instanceof BuildStopped) throw error;
      log.add(
        'ERROR',
        `build failed: ${error instanceof Error ? error.message : String(error)}`,
        0,
      );
      this.#options.onError?.(error, indexName);
    }
    const finished = clock();
    const state: BuildState = {
      ...(succeeded
        ? {
            lastSuccessfulBuiltAt: finished.toISOString(),
            lastSuccessfulBuildDuration: ((finished.getTime() - started.getTime()) / 1000).toFixed(
              3,
            ),
          }
        : {
            ...(entry.state.lastSuccessfulBuiltAt === undefined
              ? {}
              : { lastSuccessfulBuiltAt: entry.state.lastSuccessfulBuiltAt }),
            ...(entry.state.lastSuccessfulBuildDuration === undefined
              ? {}
              : { lastSuccessfulBuildDuration: entry.state.lastSuccessfulBuildDuration }),
          }),
      lastBuiltAt: finished.toISOString(),
      logs: log.finish(),
    };
    const current = this.#entries.get(indexName);
    if (!current) return;
    current.state = state;
    await store.putSuggestionsState(indexName, state as unknown as JsonObject);
  }

  #require(indexName: string): Entry {
    const entry = this.#entries.get(indexName);
    if (!entry) throw new SearchApiError(404, `The configuration for ${indexName} does not exist`);
    return entry;
  }

  #checkSources(config: SuggestionsConfig): void {
    for (const source of config.sourceIndices) {
      if (!this.#options.service.registry.get(source.indexName))
        throw new SearchApiError(400, `The source index ${source.indexName} does not exist`);
    }
  }

  async #save(entry: Entry, at: Date): Promise<void> {
    await this.#options.store.putSuggestionsConfig({
      indexName: entry.config.indexName,
      config: formatSuggestionsConfig(entry.config, undefined),
      state: entry.state as unknown as JsonObject,
      createdAt: entry.createdAt,
      updatedAt: at,
    });
  }
}
