import type { SearchStore, StoreChange, StoredState } from '../store/search-store.ts';
import type { BuildSnapshots } from './build-snapshot/build-snapshots.ts';
import { storedRecordCount } from './build-snapshot/registry-build.ts';
import { hydrateInRanges, hydrationSteps } from './hydrate.ts';
import { IndexRegistry } from './index-registry.ts';
import { runInSlices } from './run-in-slices.ts';
import { assertStorableChanges } from './storable-changes.ts';
import { CommittedTaskIds } from './task-ids.ts';
import { slicesOf, type WritePlan } from './write-plan.ts';
import { WriteQueue } from './write-queue.ts';

export type ServiceState = 'starting' | 'ready' | 'failed';

/**
 * Longest stretch of applying a write in memory before requests that arrived meanwhile are answered (decision
 * 0016; a search call's own steps are bounded alike, decision 0012).
 */
export const applySliceMS = 10;
/**
 * Records read from the store per range at a start that rebuilds the indices: each range is indexed and dropped
 * before the next is read (at 241,402 records, every record as an object at once was 1.1 GB of heap).
 */
const recordsPerRange = 5000;

/** What the last start spent loading the indices, in ms (logged by main.ts). */
export interface LoadTimings {
  /** `build`: taken from the persisted build (the store read without its records); `store`: rebuilt from the store. */
  readonly source: 'build' | 'store';
  /** Reading every index, record, synonym, rule and key from the store (`build`: the file and the store's rest). */
  readonly storeMS: number;
  /** Building the engines from what was read (in slices: `/health` keeps answering 503 meanwhile). */
  readonly buildMS: number;
  readonly records: number;
}

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
  readonly #committed = new CommittedTaskIds();
  #replicate: ((changes: readonly StoreChange[]) => Promise<void>) | undefined;
  #state: ServiceState = 'starting';
  #loadTimings: LoadTimings | undefined;
  #snapshots: BuildSnapshots | undefined;
  /** False once a committed write could not be applied in memory. */
  #matchesStore = true;

  /**
   * @param snapshots - the persisted build of the indices: a start takes them from it when it holds exactly the
   *   store's latest task, and it is written after each quiet time once loaded (decision 0016).
   */
  constructor(store: SearchStore, clock: () => Date, snapshots?: BuildSnapshots) {
    this.#store = store;
    this.#clock = clock;
    this.#snapshots = snapshots;
  }

  get state(): ServiceState {
    return this.#state;
  }

  /** What the start spent loading the indices; `undefined` until they are loaded. */
  get loadTimings(): LoadTimings | undefined {
    return this.#loadTimings;
  }

  /** Writes waiting or running. */
  get pendingWrites(): number {
    return this.#queue.pending;
  }

  /** The store every write is committed to. */
  get store(): SearchStore {
    return this.#store;
  }

  /** False once a committed write could not be applied in memory (memory then differs from the store). */
  get matchesStore(): boolean {
    return this.#matchesStore;
  }

  /** Loads every index from the store; the service answers 503 until this resolves. `onLoaded` runs just before the service turns ready. */
  async hydrate(onLoaded: (state: StoredState) => void = () => undefined): Promise<StoredState> {
    try {
      const started = performance.now();
      const store = this.#store;
      const fromBuild = await this.#snapshots?.load(this.registry, store);
      const readRanges = fromBuild ? undefined : store.readRecordRanges?.bind(store);
      const state = fromBuild ?? (await store.load({ records: readRanges === undefined }));
      let read = performance.now();
      let rangesMS = 0;
      if (readRanges) {
        const ranges = (index: string) => readRanges(index, recordsPerRange);
        rangesMS = await hydrateInRanges(this.registry, state.indices, ranges, applySliceMS);
      } else if (!fromBuild) {
        await runInSlices(hydrationSteps(this.registry, state.indices), applySliceMS);
      }
      read += rangesMS;
      this.registry.changed();
      this.#loadTimings = {
        source: fromBuild ? 'build' : 'store',
        storeMS: read - started,
        buildMS: performance.now() - read,
        records: storedRecordCount(this.registry),
      };
      onLoaded(state);
      this.#state = 'ready';
      this.#snapshots?.follow(this);
      return state;
    } catch (error) {
      this.#state = 'failed';
      throw new Error('Could not rebuild the indices from the store', { cause: error });
    }
  }

  /**
   * Queues a write. `plan` runs when the write's turn comes, against the state every earlier write left; it may
   * give the event loop back before it reads the live state (a batch's records serialized in slices), the write
   * counting as pending meanwhile.
   * @returns the task id, once committed and applied.
   */
  write<TResult>(
    plan: (at: Date) => WritePlan<TResult> | Promise<WritePlan<TResult>>,
  ): Promise<CommittedWrite<TResult>> {
    return this.#queue.run(async () => {
      // The plan, the commit's first statement and what ran before (the previous write's acknowledgement, this
      // request's body parsed) each get a turn of their own: requests that arrived meanwhile run between them.
      await nextTurn();
      const at = this.#clock();
      const planned = await plan(at);
      assertStorableChanges(planned.changes, 'The request');
      await nextTurn();
      const { taskID } = await this.#store.commit(planned.changes, planned.indexName, at);
      this.#committed.add(taskID);
      try {
        await this.#applySliced(planned);
      } catch (error) {
        // Committed but not applied: memory no longer matches the store until a restart reloads it.
        this.#matchesStore = false;
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

  /**
   * Applies a committed plan in memory, giving the event loop back whenever a slice ran `applySliceMS`: requests
   * that arrived meanwhile (searches, `/1/indexes`, task status) are answered between two slices, on indices
   * that hold the write's first records (whole records, in order) but not yet the rest. The registry's
   * generation moves before each pause, so a search call spanning it starts again and no answer computed on a
   * partial write is cached past the write's end (decisions 0010, 0012).
   */
  async #applySliced(planned: WritePlan<unknown>): Promise<void> {
    await runInSlices(slicesOf(planned), applySliceMS, () => this.registry.changed());
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

  /**
   * Whether a task id was handed out (tasks are applied before they are acknowledged: always published). Ids this
   * process committed are answered from memory, without waiting behind a write's transaction in the store.
   */
  async hasTask(taskID: number): Promise<boolean> {
    return this.#committed.has(taskID) || this.#store.hasTask(taskID);
  }

  /** Waits for the writes already queued. */
  drain(): Promise<void> {
    return this.#queue.drain();
  }
}

/** Resolves after the requests already waiting on the event loop had their turn. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
