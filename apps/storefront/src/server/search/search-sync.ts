import type { Logger } from '../logging/logger.ts';
import { releaseGarbage } from '../runtime/release-garbage.ts';
import type { SearchIndexStore } from '../store/search-index-state.ts';
import { type EventLoopWatch, watchEventLoop } from './event-loop-watch.ts';
import {
  httpStatusOf,
  type IndexSyncProgress,
  type IndexSyncResult,
  type SearchIndexClient,
  syncSearchIndex,
} from './sync-search-index.ts';

/** Products pushed in one sync from which the storefront asks for a full garbage collection afterwards. */
const largePush = 10_000;

export type SearchSyncOutcome =
  | IndexSyncResult
  | {
      /** The index could not be brought up to date; another attempt runs in `retryInMs`. */
      readonly status: 'pending';
      readonly reason: string;
      readonly retryInMs: number;
    };

/** A connected client and how to name its target in logs (`http://localhost:7070`). */
export interface SearchTarget {
  readonly client: SearchIndexClient;
  readonly description: string;
}

export interface SearchSyncOptions {
  /** The store: its products, and its record of what the index holds of each. */
  readonly store: SearchIndexStore;
  /** Products pushed at a time (default 250). */
  readonly pageSize?: number;
  /** Called before every attempt, so keys written later by the search service are picked up; may throw. */
  readonly connect: () => SearchTarget;
  readonly logger: Logger;
  /** Waits between failed attempts; the last one repeats. Defaults to 2 s, 5 s, 15 s, 30 s, then every 60 s. */
  readonly retryDelaysMs?: readonly number[];
}

export interface SyncRequest {
  /** Told how far the attempt that serves this request is, after each page the index applied. */
  readonly onProgress?: (progress: IndexSyncProgress) => void;
}

/** Keeps the search index in line with the store, retrying in the background while the service is away. */
export interface SearchSync {
  /**
   * Syncs now, or right after the attempt in progress (requests arriving meanwhile share that next
   * attempt, and each is told that attempt's progress), and resolves with its outcome. Never rejects: a
   * failure is logged, reported as `pending` and retried later.
   */
  requestSync(request?: SyncRequest): Promise<SearchSyncOutcome>;
  /** The outcome of the last finished attempt. */
  lastOutcome(): SearchSyncOutcome | undefined;
  /** Cancels retries and waits for the attempt in progress. */
  stop(): Promise<void>;
}

const defaultRetryDelaysMs = [2_000, 5_000, 15_000, 30_000, 60_000];

export function createSearchSync(options: SearchSyncOptions): SearchSync {
  const delays = options.retryDelaysMs ?? defaultRetryDelaysMs;
  let running: Promise<SearchSyncOutcome> | undefined;
  let next: Promise<SearchSyncOutcome> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let lastFailure: string | undefined;
  let stopped = false;
  let last: SearchSyncOutcome | undefined;
  // Who follows the next attempt to start, and who follows the one after the attempt in progress.
  let listeners = new Set<NonNullable<SyncRequest['onProgress']>>();
  let nextListeners = new Set<NonNullable<SyncRequest['onProgress']>>();

  const attempt = async (
    following: ReadonlySet<NonNullable<SyncRequest['onProgress']>>,
  ): Promise<SearchSyncOutcome> => {
    clearTimeout(retryTimer);
    let description = 'the search service';
    try {
      const target = options.connect();
      description = target.description;
      const started = performance.now();
      const watch = watchEventLoop();
      let loop: EventLoopWatch | undefined;
      const result = await syncSearchIndex(target.client, options.store, {
        ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
        ...(following.size === 0
          ? {}
          : {
              onProgress: (progress: IndexSyncProgress) => {
                for (const listener of following) listener(progress);
              },
            }),
      }).finally(() => {
        loop = watch.stop();
      });
      failures = 0;
      lastFailure = undefined;
      options.logger.info(describeSync(result, description, performance.now() - started, loop));
      if (result.products >= largePush) await releaseMemory(options.logger);
      return result;
    } catch (error) {
      const retryInMs = delays[Math.min(failures, delays.length - 1)] ?? 60_000;
      failures += 1;
      const reason = describeFailure(error);
      // Warn when the problem starts or changes, not at every retry of an outage.
      if (reason !== lastFailure) {
        options.logger.warn(
          `Could not update the search index on ${description}: ${reason}. The storefront keeps serving ` +
            'pages and retries in the background (quietly until the problem changes).',
        );
      }
      lastFailure = reason;
      if (!stopped) {
        retryTimer = setTimeout(() => void requestSync(), retryInMs);
        retryTimer.unref();
      }
      return { status: 'pending', reason, retryInMs };
    }
  };

  const requestSync = (request: SyncRequest = {}): Promise<SearchSyncOutcome> => {
    if (!running) {
      const following = listeners;
      listeners = new Set();
      if (request.onProgress) following.add(request.onProgress);
      running = attempt(following).then((outcome) => {
        last = outcome;
        running = undefined;
        return outcome;
      });
      return running;
    }
    if (request.onProgress) nextListeners.add(request.onProgress);
    next ??= running.then(() => {
      next = undefined;
      listeners = nextListeners;
      nextListeners = new Set();
      return requestSync();
    });
    return next;
  };

  return {
    requestSync,
    lastOutcome: () => last,
    stop: async () => {
      stopped = true;
      clearTimeout(retryTimer);
      await running;
    },
  };
}

/**
 * The log line of a finished sync. The longest stall tells an operator whether pages waited for the sync (the
 * goal is under 100 ms); the CPU figure whether the sync or a loaded machine made them wait.
 */
function describeSync(
  result: IndexSyncResult,
  description: string,
  tookMs: number,
  loop: EventLoopWatch | undefined,
): string {
  if (result.status !== 'pushed') return `Search index on ${description} is up to date.`;
  const took =
    `${Math.round(tookMs)} ms, longest event-loop stall ${loop?.stallMs ?? 0} ms ` +
    `(at most ${loop?.busyCpuMs ?? 0} ms of CPU between two turns)`;
  return (
    `Search index updated on ${description}: ${result.records} records of ${result.products} products` +
    `${result.removed > 0 ? `, ${result.removed} records of removed products deleted` : ''}` +
    `${result.full ? ' (full push)' : ''} in ${took}.`
  );
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // The client's RetryError says "your application id may be incorrect", which misleads here.
  if (error.name === 'RetryError') return 'the service is not reachable';
  const status = httpStatusOf(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return status === undefined ? `${error.message}${cause}` : `HTTP ${status}: ${error.message}`;
}

/** The collection after a large push; the push stands whether or not it can run. */
async function releaseMemory(logger: Logger): Promise<void> {
  try {
    const took = await releaseGarbage();
    logger.info(`Memory released after the push: a full collection of ${Math.round(took)} ms.`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    logger.warn(`Could not release memory after the push: ${reason}.`);
  }
}
