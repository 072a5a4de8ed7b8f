import cluster, { type Worker } from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import type { SearchStore, StoreChange } from '../store/search-store.ts';
import type { ForwardedRequest, OwnerMessage, WorkerConfig, WorkerMessage } from './messages.ts';

export interface SearchWorkersOptions {
  /** The owner's full service (built, not listening): it answers what workers forward. */
  readonly app: FastifyInstance;
  readonly store: SearchStore;
  readonly count: number;
  readonly config: WorkerConfig;
  /** Called with the address once the first worker listens. */
  readonly onListening: (address: string) => void;
  /**
   * How long a write waits for a worker to say it applied it (default 10 s): a worker that stays silent longer is
   * killed (and replaced from a fresh snapshot), so a hung worker cannot hold every write.
   */
  readonly acknowledgeTimeoutMS?: number;
}

/**
 * The owner process's side of multi-process serving (`SEARCH_PROCESSES` > 1, decision 0009). The owner alone
 * opens the store and plans, commits and applies every write, as a single process does; `count` forked workers
 * share the listening port and each keeps a full copy of the indices. A worker joins with a snapshot read
 * between two writes, then gets every later write's store changes; a write is acknowledged to its client only
 * once every live worker applied it, so a search after `waitForTask` sees it whichever worker answers. A worker
 * that dies is replaced (and stops holding writes back); the replacement listens once it has loaded.
 */
export class SearchWorkers {
  readonly #options: SearchWorkersOptions;
  /** The workers that loaded a snapshot, with the acknowledgements each still owes (by write sequence). */
  readonly #following = new Map<Worker, Map<number, () => void>>();
  #sequence = 0;
  #stopping = false;
  #announced = false;

  constructor(options: SearchWorkersOptions) {
    this.#options = options;
    options.app.vitrine.service.replicateWith((changes) => this.#replicate(changes));
    cluster.setupPrimary({ serialization: 'advanced' });
    for (let index = 0; index < options.count; index++) this.#fork(false);
  }

  /** Stops the workers (each flushes its search log first); resolves once they are gone. */
  async stop(): Promise<void> {
    this.#stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined && !worker.isDead(),
    );
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => worker.kill('SIGKILL'), 10_000);
            worker.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            send(worker, { type: 'stop' });
          }),
      ),
    );
  }

  #fork(replacement: boolean): void {
    const config: WorkerConfig = { ...this.#options.config, listenWhenReady: replacement };
    const worker = cluster.fork({ VITRINE_WORKER_CONFIG: JSON.stringify(config) });
    worker.on('message', (message: WorkerMessage) => {
      this.#receive(worker, message).catch((error: unknown) =>
        this.#options.app.log.error({ err: error }, 'a search worker message failed'),
      );
    });
    worker.on('exit', (code, signal) => {
      for (const resolve of this.#following.get(worker)?.values() ?? []) resolve();
      this.#following.delete(worker);
      if (this.#stopping) return;
      this.#options.app.log.error(
        `search worker ${worker.process.pid} exited (${signal ?? code}): starting another`,
      );
      this.#fork(true);
    });
  }

  async #replicate(written: readonly StoreChange[]): Promise<void> {
    const changes = written.map(withoutJsonTexts);
    this.#sequence += 1;
    const sequence = this.#sequence;
    await Promise.all(
      [...this.#following].map(
        ([worker, owed]) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              this.#options.app.log.error(
                `search worker ${worker.process.pid} did not apply a write in time: replacing it`,
              );
              worker.process.kill('SIGKILL');
            }, this.#options.acknowledgeTimeoutMS ?? 10_000);
            owed.set(sequence, () => {
              clearTimeout(timer);
              resolve();
            });
            send(worker, { type: 'changes', sequence, changes });
          }),
      ),
    );
  }

  async #receive(worker: Worker, message: WorkerMessage): Promise<void> {
    const { app, store } = this.#options;
    switch (message.type) {
      case 'snapshot':
        await app.vitrine.ready;
        await app.vitrine.service.exclusive(async () => {
          const state = await store.load();
          this.#following.set(worker, new Map());
          send(worker, { type: 'snapshot', state });
        });
        return;
      case 'applied': {
        const owed = this.#following.get(worker);
        owed?.get(message.sequence)?.();
        owed?.delete(message.sequence);
        return;
      }
      case 'listening':
        if (!this.#announced) {
          this.#announced = true;
          this.#options.onListening(message.address);
        }
        return;
      case 'forward':
        send(worker, {
          type: 'forwarded',
          id: message.id,
          response: await answer(app, message.request),
        });
        return;
      case 'searchLog':
        await store
          .appendSearchLog(message.entries)
          .catch((error: unknown) =>
            app.log.error({ err: error }, 'search log entries of a worker were lost'),
          );
        return;
    }
  }
}

function send(worker: Worker, message: OwnerMessage): void {
  if (worker.isConnected()) worker.send(message);
}

/**
 * Runs a forwarded request through the owner's own routes, as if it had arrived here. Should `inject` itself
 * fail (the routes turn every error into a response, so this is a bug), the worker still gets an answer: a 500
 * in Algolia's shape, never a client left waiting.
 */
async function answer(app: FastifyInstance, request: ForwardedRequest) {
  try {
    const response = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      remoteAddress: request.remoteAddress,
      ...(request.body === undefined ? {} : { payload: Buffer.from(request.body) }),
    });
    return {
      statusCode: response.statusCode,
      headers: response.headers,
      body: response.rawPayload,
    };
  } catch (error) {
    app.log.error({ err: error, url: request.url }, 'a forwarded request failed in the owner');
    const body = JSON.stringify({ message: 'Internal error in the search service', status: 500 });
    return {
      statusCode: 500,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: Buffer.from(body),
    };
  }
}

/** A change without its entries' JSON texts (`StoredEntry.json`): a worker reads the bodies, sent once. */
function withoutJsonTexts(change: StoreChange): StoreChange {
  if (change.kind !== 'putEntries') return change;
  return {
    ...change,
    values: change.values.map(({ objectID, body }) => ({ objectID, body })),
  };
}
