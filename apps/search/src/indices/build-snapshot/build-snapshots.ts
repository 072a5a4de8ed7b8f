/**
 * The persisted build of the indices (decision 0016, "Restart"): once writes have been quiet for a while, and at a
 * clean stop, every engine's built state is written to `<directory>/indices.build`, stamped with the store's latest
 * task; a start whose store is at exactly that task takes the indices from it instead of reading every record
 * and rebuilding. Anything else — no file, a stale stamp (a write committed after it), another engine or file
 * version, a truncated or damaged file, indexing settings that no longer match — is logged and the indices are
 * rebuilt from the store as before. The store stays the source of truth: the file only saves the work.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { engineBuildVersion } from '../../engine/index.ts';
import type { SearchStore, StoredState, StoredTask } from '../../store/search-store.ts';
import type { IndexRegistry } from '../index-registry.ts';
import { exportRegistryBuild, importRegistryBuild } from './registry-build.ts';
import {
  noFile,
  readSnapshotFile,
  type SnapshotHeader,
  UnusableSnapshot,
  writeSnapshotFile,
} from './snapshot-file.ts';

export interface BuildSnapshotsOptions {
  /** The folder the file lives in (created when missing). */
  readonly directory: string;
  /** Quiet time after the last write before the build is written; default 10 s. */
  readonly quietMS?: number;
  /** Told what was loaded or written (`info`), and why a file was not used or could not be written (`warn`). */
  readonly log: { info(message: string): void; warn(message: string): void };
}

/** What the service lends the snapshots: its indices, its store, and a turn between two writes. */
export interface SnapshotSource {
  readonly registry: IndexRegistry;
  readonly store: SearchStore;
  /** Runs `task` between two writes (nothing is committed or applied meanwhile). */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  /** False once a committed write could not be applied in memory (the indices then differ from the store). */
  readonly matchesStore: boolean;
}

/** One written build: its size and what writing it cost. */
export interface SnapshotWritten {
  readonly taskID: number;
  readonly bytes: number;
  /** Taking the parts from the engines, in one turn of the event loop. */
  readonly exportMS: number;
  /** From the start of the export to the file renamed into place. */
  readonly totalMS: number;
  /** The longest stretch of writing it without giving the event loop back (the export aside). */
  readonly longestStepMS: number;
}

export class BuildSnapshots {
  readonly path: string;
  readonly #directory: string;
  readonly #quietMS: number;
  readonly #log: BuildSnapshotsOptions['log'];
  #source: SnapshotSource | undefined;
  /** The task the file on disk is known to hold (loaded or written by this process). */
  #current: StoredTask | undefined;
  #timer: NodeJS.Timeout | undefined;
  #saving: Promise<SnapshotWritten | undefined> | undefined;
  #stopped = false;

  constructor(options: BuildSnapshotsOptions) {
    this.#directory = options.directory;
    this.path = join(options.directory, 'indices.build');
    this.#quietMS = options.quietMS ?? 10_000;
    this.#log = options.log;
  }

  /**
   * Fills the empty registry from the file when it holds exactly the store's latest task.
   * @returns the store's state without records (settings, synonyms, rules, keys), or `undefined` when the file
   *   could not be used (the registry is then empty and the caller rebuilds from the store).
   */
  async load(registry: IndexRegistry, store: SearchStore): Promise<StoredState | undefined> {
    const task = await store.lastTask();
    if (task === undefined) return undefined;
    try {
      const file = await readSnapshotFile(this.path, (header) => refusal(header, task));
      const state = await store.load({ records: false });
      importRegistryBuild(registry, state.indices, file.indices);
      this.#current = task;
      this.#log.info(`Indices loaded from the persisted build ${this.path} (task ${task.taskID})`);
      return state;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const log =
        error instanceof UnusableSnapshot && reason === noFile ? this.#log.info : this.#log.warn;
      log(`Persisted build not used (${reason}): rebuilding the indices from the store`);
      return undefined;
    }
  }

  /** Starts writing the build after each quiet time once the indices are loaded. */
  follow(source: SnapshotSource): void {
    this.#source = source;
    source.registry.onChanged(() => this.#schedule());
    this.#schedule();
  }

  /**
   * Writes the build now unless the file already holds the store's latest task (or a write arrives meanwhile:
   * then nothing is kept, and the next quiet time tries again).
   */
  save(): Promise<SnapshotWritten | undefined> {
    this.#saving ??= this.#save().finally(() => {
      this.#saving = undefined;
    });
    return this.#saving;
  }

  /** Whether a save is under way (its parts being written). */
  get saving(): boolean {
    return this.#saving !== undefined;
  }

  /** Stops the timer; with `save`, writes the build one last time (a clean stop). */
  async stop(save: boolean): Promise<void> {
    clearTimeout(this.#timer);
    await this.#saving;
    if (save) await this.save().catch((error: unknown) => this.#log.warn(failure(error)));
    this.#stopped = true;
  }

  #schedule(): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.save().catch((error: unknown) => this.#log.warn(failure(error)));
    }, this.#quietMS);
    this.#timer.unref();
  }

  async #save(): Promise<SnapshotWritten | undefined> {
    const source = this.#source;
    if (source === undefined || this.#stopped) return undefined;
    const started = performance.now();
    const captured = await source.exclusive(async () => {
      const task = source.matchesStore ? await source.store.lastTask() : undefined;
      if (task === undefined || sameTask(task, this.#current)) return undefined;
      const generation = source.registry.generation;
      const exportStarted = performance.now();
      const indices = exportRegistryBuild(source.registry);
      return { task, generation, indices, exportMS: performance.now() - exportStarted };
    });
    if (captured === undefined) return undefined;
    const { task, generation, indices, exportMS } = captured;
    await mkdir(this.#directory, { recursive: true });
    const stamp = { taskID: task.taskID, at: task.at.toISOString() };
    const written = await writeSnapshotFile(
      this.path,
      { engineVersion: engineBuildVersion, stamp },
      indices,
      () => source.registry.generation !== generation,
    );
    if (written === undefined) {
      // A write landed meanwhile: its own quiet time may already have come (and found this save running), so
      // the next attempt is scheduled here.
      this.#schedule();
      return undefined;
    }
    this.#current = task;
    const result = {
      taskID: task.taskID,
      ...written,
      exportMS,
      totalMS: performance.now() - started,
    };
    this.#log.info(
      `Persisted build written: ${(result.bytes / 1e6).toFixed(1)} MB in ${(result.totalMS / 1000).toFixed(1)} s (task ${task.taskID}; export ${result.exportMS.toFixed(0)} ms, longest write step ${result.longestStepMS.toFixed(0)} ms)`,
    );
    return result;
  }
}

/** Why a file's header makes it unusable against the store's latest task, if it does. */
function refusal(header: SnapshotHeader, task: StoredTask): string | undefined {
  if (header.engineVersion !== engineBuildVersion)
    return `made by engine build version ${header.engineVersion}, this is ${engineBuildVersion}`;
  if (header.stamp?.taskID !== task.taskID || header.stamp.at !== task.at.toISOString())
    return `stale: it holds the writes up to task ${header.stamp?.taskID}, the store is at task ${task.taskID}`;
  return undefined;
}

function sameTask(a: StoredTask, b: StoredTask | undefined): boolean {
  return b !== undefined && a.taskID === b.taskID && a.at.getTime() === b.at.getTime();
}

function failure(error: unknown): string {
  return `Writing the persisted build failed: ${error instanceof Error ? error.message : String(error)}`;
}
