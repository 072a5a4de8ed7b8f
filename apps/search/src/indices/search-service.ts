import { assertStorable } from '../protocol/assert-storable.ts';
import type { SearchStore, StoreChange, StoredState } from '../store/search-store.ts';
import { hydrateRegistry } from './hydrate.ts';
import { IndexRegistry } from './index-registry.ts';
import type { WritePlan } from './write-plan.ts';
import { WriteQueue } from './write-queue.ts';

export type ServiceState = 'starting' | 'ready' | 'failed';

export interface CommittedWrite<TResult> {
  readonly taskID: number;
  readonly at: Date;
  readonly result: TResult;
}

/**
 * The live indices and the one path every write takes: plan against the live state → commit to the store
 * (which hands out the global task id) → apply in memory → acknowledge. Writes run one at a time.
 */
export class SearchService {
  readonly registry = new IndexRegistry();
  readonly #store: SearchStore;
  readonly #clock: () => Date;
  readonly #queue = new WriteQueue();
  readonly #writeListeners: ((indexName: string | undefined) => void)[] = [];
  #replicate: ((changes: readonly StoreChange[]) => Promise<void>) | undefined;
  #state: ServiceState = 'starting';

  constructor(store: SearchStore, clock: () => Date) {
    this.#store = store;
    this.#clock = clock;
  }

  get state(): ServiceState {
    return this.#state;
  }

  /** Writes waiting or running. */
  get pendingWrites(): number {
    return this.#queue.pending;
  }

  /** Loads every index from the store; the service answers 503 until this resolves. `onLoaded` runs just before the service turns ready. */
  async hydrate(onLoaded: (state: StoredState) => void = () => undefined): Promise<StoredState> {
    try {
      const state = await this.#store.load();
      hydrateRegistry(this.registry, state.indices);
      onLoaded(state);
      this.#state = 'ready';
      return state;
    } catch (error) {
      this.#state = 'failed';
      throw new Error('Could not rebuild the indices from the store', { cause: error });
    }
  }

  /**
   * Queues a write. `plan` runs when the write's turn comes, against the state every earlier write left.
   * @returns the task id, once committed and applied.
   */
  write<TResult>(plan: (at: Date) => WritePlan<TResult>): Promise<CommittedWrite<TResult>> {
    return this.#queue.run(async () => {
      const at = this.#clock();
      const planned = plan(at);
      assertStorable(planned.changes, 'The request');
      const { taskID } = await this.#store.commit(planned.changes, planned.indexName, at);
      try {
        planned.apply();
      } catch (error) {
        // Committed but not applied: memory no longer matches the store until a restart reloads it.
        throw new Error(`Task ${taskID} was stored but could not be applied in memory`, {
          cause: error,
        });
      } finally {
        this.registry.changed();
      }
      for (const listener of this.#writeListeners) listener(planned.indexName);
      if (this.#replicate) await this.#replicate(planned.changes);
      return { taskID, at, result: planned.result };
    });
  }

  /** Calls `listener` after every write is applied in memory (with the index the task is about). */
  onWrite(listener: (indexName: string | undefined) => void): void {
    this.#writeListeners.push(listener);
  }

  /**
   * With search worker processes (cluster/): `replicate` gets every committed write's changes after they are
   * applied here, and the write is acknowledged only once it resolves (the workers applied them too). It must
   * not reject.
   */
  replicateWith(replicate: (changes: readonly StoreChange[]) => Promise<void>): void {
    this.#replicate = replicate;
  }

  /** Runs `task` between two writes: nothing is committed while it runs. */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    return this.#queue.run(task);
  }

  /** Whether a task id was handed out (tasks are applied before they are acknowledged: always published). */
  hasTask(taskID: number): Promise<boolean> {
    return this.#store.hasTask(taskID);
  }

  /** Waits for the writes already queued. */
  drain(): Promise<void> {
    return this.#queue.drain();
  }
}
