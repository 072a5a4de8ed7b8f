/**
 * The import's worker thread (`prepare-in-worker.ts`): reads the file's chunks as the main thread hands them
 * over, parses, validates and makes each batch's rows and JSON, and posts the batches back, at most
 * `batchesAhead` ahead of the database.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { CatalogueFileError } from '../../apps/storefront/src/server/catalogue/catalogue-records.ts';
import { preparedBatches } from '../../apps/storefront/src/server/catalogue/prepared-batches.ts';
import { CatalogueRefusedError } from '../../apps/storefront/src/server/catalogue/validate-records.ts';
import {
  batchesAhead,
  type FromWorker,
  type PrepareWorkerData,
  type ToWorker,
} from './prepare-worker-protocol.ts';

const port = parentPort;
if (!port) throw new Error('prepare-worker.ts runs as a worker thread');
const { format } = workerData as PrepareWorkerData;
const post = (message: FromWorker) => port.postMessage(message);

let credit = batchesAhead;
let creditWaiter: (() => void) | undefined;
const input: Exclude<ToWorker, { type: 'ack' }>[] = [];
let inputWaiter: (() => void) | undefined;
port.on('message', (message: ToWorker) => {
  if (message.type === 'ack') {
    credit += 1;
    creditWaiter?.();
  } else {
    input.push(message);
    inputWaiter?.();
  }
});

async function* chunks(): AsyncGenerator<Uint8Array | string> {
  for (;;) {
    post({ type: 'more' });
    while (input.length === 0) await new Promise<void>((wake) => (inputWaiter = wake));
    const message = input.shift();
    if (!message || message.type === 'end') return;
    if (message.type === 'fail') throw new Error(message.message);
    yield message.chunk;
  }
}

try {
  for await (const batch of preparedBatches({ chunks: chunks(), format })) {
    while (credit === 0) await new Promise<void>((wake) => (creditWaiter = wake));
    credit -= 1;
    post({ type: 'batch', batch });
  }
  post({ type: 'done' });
} catch (error) {
  if (error instanceof CatalogueRefusedError) {
    post({ type: 'refused', problem: error.problem, errors: [...error.errors] });
  } else if (error instanceof CatalogueFileError) {
    post({ type: 'unreadable', problem: error.problem });
  } else {
    post({
      type: 'crashed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
}
port.close();
