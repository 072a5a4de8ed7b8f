import type { SearchStore, StoreChange, StoredState } from '../store/search-store.ts';
import type {
  ForwardedRequest,
  ForwardedResponse,
  OwnerMessage,
  WorkerMessage,
} from './messages.ts';

type Apply = (changes: readonly StoreChange[]) => void;

/**
 * A search worker's side of the IPC channel to the owner process: the snapshot it loads from, the writes it
 * follows (each acknowledged once applied, so the owner acknowledges a task only when every worker serves it),
 * the requests it forwards and the searches it logs. `store` is what `buildApp` reads through: loading and the
 * search log only, since a worker never writes.
 */
export class OwnerLink {
  readonly #forwards = new Map<number, (response: ForwardedResponse) => void>();
  readonly #waitingChanges: {
    readonly sequence: number;
    readonly changes: readonly StoreChange[];
  }[] = [];
  #nextId = 1;
  #snapshot: ((state: StoredState) => void) | undefined;
  #apply: Apply | undefined;
  #onStop: () => void = () => undefined;

  constructor() {
    process.on('message', (message: OwnerMessage) => this.#receive(message));
  }

  readonly store: SearchStore = {
    kind: 'pglite',
    load: () =>
      new Promise<StoredState>((resolve) => {
        this.#snapshot = resolve;
        this.send({ type: 'snapshot' });
      }),
    loadKeys: async () => [],
    lastTask: () => Promise.reject(notHere('read tasks')),
    commit: () => Promise.reject(notHere('write')),
    hasTask: () => Promise.reject(notHere('read tasks')),
    appendSearchLog: async (entries) => this.send({ type: 'searchLog', entries }),
    readSearchLog: () => Promise.reject(notHere('read the search log')),
    appendEvents: () => Promise.reject(notHere('store events')),
    // Recommend models live in the owner: a worker has none to replay.
    readEvents: async () => [],
    readRecentEvents: () => Promise.reject(notHere('read events')),
    readAnalyticsWindow: () => Promise.reject(notHere('read analytics')),
    readLastSearchAt: () => Promise.reject(notHere('read analytics')),
    countLoggedQueries: () => Promise.reject(notHere('read the search log')),
    readSuggestionsConfigs: () => Promise.reject(notHere('read query suggestions')),
    putSuggestionsConfig: () => Promise.reject(notHere('write query suggestions')),
    putSuggestionsState: () => Promise.reject(notHere('write query suggestions')),
    deleteSuggestionsConfig: () => Promise.reject(notHere('write query suggestions')),
    close: async () => undefined,
  };

  forward = (request: ForwardedRequest): Promise<ForwardedResponse> =>
    new Promise((resolve) => {
      const id = this.#nextId++;
      this.#forwards.set(id, resolve);
      this.send({ type: 'forward', id, request });
    });

  /** Starts applying the owner's writes (those that arrived while the snapshot loaded first). */
  follow = (apply: Apply): void => {
    this.#apply = apply;
    for (const waiting of this.#waitingChanges.splice(0)) this.#applyChanges(waiting);
  };

  onStop(stop: () => void): void {
    this.#onStop = stop;
  }

  /**
   * Sends to the owner. Once the owner is gone (it stopped, or died) the message is dropped: the channel's
   * `disconnect` ends this worker (search-worker.ts), and a send failing meanwhile (EPIPE) must not end it first
   * with an unhandled error.
   */
  send(message: WorkerMessage): void {
    if (!process.connected) return;
    process.send?.(message, undefined, {}, () => undefined);
  }

  #receive(message: OwnerMessage): void {
    switch (message.type) {
      case 'snapshot':
        this.#snapshot?.(message.state);
        this.#snapshot = undefined;
        return;
      case 'changes':
        if (this.#apply) this.#applyChanges(message);
        else this.#waitingChanges.push(message);
        return;
      case 'forwarded': {
        const resolve = this.#forwards.get(message.id);
        this.#forwards.delete(message.id);
        resolve?.(message.response);
        return;
      }
      case 'stop':
        this.#onStop();
        return;
    }
  }

  #applyChanges(task: {
    readonly sequence: number;
    readonly changes: readonly StoreChange[];
  }): void {
    try {
      this.#apply?.(task.changes);
    } catch (error) {
      // This worker no longer matches the store: it leaves without acknowledging, and the owner starts another
      // one from a fresh snapshot.
      console.error('A search worker could not apply a write and stops:', error);
      process.exit(1);
    }
    this.send({ type: 'applied', sequence: task.sequence });
  }
}

function notHere(action: string): Error {
  return new Error(`A search worker does not ${action}: the owner process does`);
}
