import { Worker } from 'node:worker_threads';
import { CatalogueFileError } from '../../apps/storefront/src/server/catalogue/catalogue-records.ts';
import type { CatalogueSource } from '../../apps/storefront/src/server/catalogue/prepared-batches.ts';
import { CatalogueRefusedError } from '../../apps/storefront/src/server/catalogue/validate-records.ts';
import type { ImportBatch } from '../../apps/storefront/src/server/store/import-batch.ts';
import type { FromWorker, PrepareWorkerData, ToWorker } from './prepare-worker-protocol.ts';

/**
 * `preparedBatches` in a worker thread, for `npm run import` with the store opened here: parsing, validating,
 * rows, content hashes and JSON (about a third of the import's CPU) run on the second core while PGlite
 * writes the previous batch on this one. This thread reads the file and hands its chunks over as the worker
 * asks for them; the worker stays at most `batchesAhead` batches ahead, so memory stays bounded. Refusals
 * come back as the same errors `preparedBatches` throws (`CatalogueRefusedError`, `CatalogueFileError`).
 */
export async function* prepareInWorker(source: CatalogueSource): AsyncGenerator<ImportBatch> {
  const worker = new Worker(new URL('./prepare-worker.ts', import.meta.url), {
    workerData: { format: source.format } satisfies PrepareWorkerData,
  });
  const send = (message: ToWorker, transfer?: ArrayBuffer[]) =>
    worker.postMessage(message, transfer);
  const chunks = source.chunks[Symbol.asyncIterator]();
  const feed = async () => {
    try {
      const next = await chunks.next();
      if (next.done) send({ type: 'end' });
      else if (typeof next.value === 'string') send({ type: 'chunk', chunk: next.value });
      else {
        // A copy this thread gives away (a read stream's buffers may share one pool).
        const chunk = new Uint8Array(next.value);
        send({ type: 'chunk', chunk }, [chunk.buffer]);
      }
    } catch (error) {
      send({ type: 'fail', message: error instanceof Error ? error.message : String(error) });
    }
  };
  const inbox: FromWorker[] = [];
  let wake: (() => void) | undefined;
  const receive = (message: FromWorker) => {
    inbox.push(message);
    wake?.();
  };
  worker.on('message', (message: FromWorker) => {
    if (message.type === 'more') void feed();
    else receive(message);
  });
  worker.on('error', (error) => receive({ type: 'crashed', message: error.message }));
  worker.on('exit', (code) => receive({ type: 'crashed', message: `the worker exited (${code})` }));
  try {
    for (;;) {
      while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const message = inbox.shift() as FromWorker;
      switch (message.type) {
        case 'batch':
          send({ type: 'ack' });
          yield message.batch;
          break;
        case 'done':
          return;
        case 'refused':
          throw new CatalogueRefusedError(message.problem, message.errors);
        case 'unreadable':
          throw new CatalogueFileError(message.problem);
        case 'crashed':
          throw new Error(`The import's worker failed: ${message.message}`);
        case 'more':
          break;
      }
    }
  } finally {
    worker.removeAllListeners();
    await worker.terminate();
    await chunks.return?.();
  }
}
