import type { SearchLogEntry, StoreChange, StoredState } from '../store/search-store.ts';

/** A request a search worker hands to the owner process (everything but searches and object reads). */
export interface ForwardedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string | string[] | undefined>;
  /** The body as received (inflated); absent without a body. */
  readonly body: Uint8Array | undefined;
  /** The caller's address, for per-IP limits. */
  readonly remoteAddress: string;
}

export interface ForwardedResponse {
  readonly statusCode: number;
  readonly headers: Record<string, string | string[] | number | undefined>;
  readonly body: Uint8Array;
}

/** What a search worker sends to the owner over the cluster's IPC channel. */
export type WorkerMessage =
  | { readonly type: 'snapshot' }
  | { readonly type: 'applied'; readonly sequence: number }
  | { readonly type: 'listening'; readonly address: string }
  | { readonly type: 'forward'; readonly id: number; readonly request: ForwardedRequest }
  | { readonly type: 'searchLog'; readonly entries: readonly SearchLogEntry[] };

/** What the owner sends to a search worker. */
export type OwnerMessage =
  | { readonly type: 'snapshot'; readonly state: StoredState }
  | {
      readonly type: 'changes';
      readonly sequence: number;
      readonly changes: readonly StoreChange[];
    }
  | { readonly type: 'forwarded'; readonly id: number; readonly response: ForwardedResponse }
  | { readonly type: 'stop' };

/** The worker's settings, passed by the owner in `VITRINE_WORKER_CONFIG` (JSON). */
export interface WorkerConfig {
  readonly port: number;
  readonly host: string;
  readonly appId: string;
  readonly adminKey: string;
  readonly searchKey: string;
  readonly searchKeyIndexes: readonly string[];
  readonly corsOrigins: readonly string[] | '*';
  readonly logLevel: string;
  /** `SEARCH_CACHE_ENTRIES`: each worker keeps its own search cache. */
  readonly searchCacheEntries: number;
  /** A replacement for a worker that died listens only once loaded (the others serve meanwhile). */
  readonly listenWhenReady?: boolean;
}
