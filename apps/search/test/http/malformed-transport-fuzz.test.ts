import type { ChildProcess } from 'node:child_process';
import { gunzipSync } from 'node:zlib';
import { freePort } from '@vitrine/database/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDataDir } from '../support/fresh-store.ts';
import {
  bytesOf,
  describeCase,
  type TransportCase,
  transportCase,
} from '../support/malformed-requests.ts';
import { makeProducts, productSettings } from '../support/products.ts';
import { type RawAnswer, rawExchange } from '../support/raw-http.ts';
import {
  killSpawnedServices,
  spawnedHeaders,
  startSpawnedService,
} from '../support/spawned-service.ts';

/**
 * Fuzzes the transport of the real service, run as its own process and reached over real sockets with raw
 * bytes (no HTTP client, so malformations reach it as sent): methods, every route with odd index names,
 * query strings, content encodings with empty, truncated, corrupted, concatenated and valid bodies, and
 * framing (content-length off by some bytes, bad chunk sizes, both transfer-encoding and content-length).
 * Whatever arrives, the process must stay up, never answer 5xx, answer every 4xx with the Algolia
 * `{ message, status }` body, and say `nosniff`. The seed is printed; `FUZZ_SEED=<seed>` replays a run,
 * `FUZZ_CASES` (10,000) changes its length.
 */
afterAll(killSpawnedServices);

let port = 0;
let service: ChildProcess;
let exited = '';
beforeAll(async () => {
  port = await freePort();
  service = await startSpawnedService(await freshDataDir(), port);
  service.on('exit', (code, signal) => {
    exited = `the service exited (code ${code}, signal ${signal})`;
  });
  const send = (method: string, path: string, body: unknown) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: spawnedHeaders,
      body: JSON.stringify(body),
    });
  await send('PUT', '/1/indexes/products/settings', productSettings);
  await send('POST', '/1/indexes/products/batch', {
    requests: makeProducts(20).map((body) => ({ action: 'addObject', body })),
  });
});

/** The checks every answer must pass, whatever was sent. */
function checkAnswer(answer: RawAnswer, head: boolean): void {
  expect(answer.status, 'status').toBeLessThan(500);
  expect(answer.headers['x-content-type-options'], 'x-content-type-options').toBe('nosniff');
  if (answer.status < 400 || head) return;
  const text =
    answer.headers['content-encoding'] === 'gzip'
      ? gunzipSync(answer.body).toString()
      : answer.body.toString();
  expect(JSON.parse(text), 'error body').toEqual({
    message: expect.any(String),
    status: answer.status,
  });
}

/** After a connection that went wrong: gives a dying service a moment to report its exit, for the message. */
async function exitOrNot(): Promise<void> {
  if (service.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 500));
}

/** Sends one case on its own connection and checks every answer; the error says what was sent. */
async function exchangeCase(fuzz: TransportCase, batch: readonly TransportCase[]): Promise<void> {
  const context = () =>
    `\n case: ${describeCase(fuzz)}\n sent with it: ${batch.map(describeCase).join('\n  ')}`;
  const { bytes, unfinished } = bytesOf(fuzz);
  const head = fuzz.method === 'HEAD';
  let answers: RawAnswer[];
  try {
    answers = await rawExchange(port, bytes, { halfClose: unfinished, head });
  } catch (error) {
    await exitOrNot();
    throw new Error(`${exited || (error as Error).message}${context()}`);
  }
  if (answers.length === 0) await exitOrNot();
  if (exited) throw new Error(`${exited}${context()}`);
  if (answers.length === 0) throw new Error(`closed without an answer${context()}`);
  for (const answer of answers) {
    try {
      checkAnswer(answer, head);
    } catch (error) {
      const body = answer.body.toString().slice(0, 300);
      throw new Error(`${(error as Error).message}: ${answer.status} ${body}${context()}`);
    }
  }
}

/** Cases sent at once, each on its own connection (the server and this runner then share the two cores). */
const parallel = 4;

it('stays up, never answers 5xx and answers every 4xx as an Algolia error, whatever the transport', async () => {
  const seed = Number(process.env['FUZZ_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
  const cases = Number(process.env['FUZZ_CASES'] ?? 10_000);
  console.info(`malformed-transport fuzz: FUZZ_SEED=${seed} FUZZ_CASES=${cases} replays this run`);
  let sent = 0;
  let previous: readonly TransportCase[] = [];
  await fc.assert(
    fc.asyncProperty(
      fc.array(transportCase, { minLength: parallel, maxLength: parallel }),
      async (batch) => {
        if (exited) {
          const before = previous.map(describeCase).join('\n  ');
          throw new Error(`${exited} after these cases:\n  ${before}`);
        }
        previous = batch;
        sent += batch.length;
        await Promise.all(batch.map((fuzz) => exchangeCase(fuzz, batch)));
      },
    ),
    { seed, numRuns: Math.ceil(cases / parallel), endOnFailure: true },
  );
  expect(sent).toBeGreaterThanOrEqual(cases);
  const health = await fetch(`http://127.0.0.1:${port}/1/health`);
  expect(health.status).toBe(200);
  expect(exited).toBe('');
}, 240_000);
