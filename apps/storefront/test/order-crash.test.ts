import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import { openDatabase } from '@vitrine/database';
import { createDatabase, freePort } from '@vitrine/database/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CartView } from '../src/lib/commerce/cart-view.ts';
import { createCommerceStore } from '../src/server/store/commerce-store.ts';
import { storefrontMigrations } from '../src/server/store/migrations.ts';
import { orderItems, orders } from '../src/server/store/schema.ts';
import { type FilledCart, fillCart, orderPageData, placeOrder } from './support/http-shopper.ts';
import {
  ensureProductionBuild,
  type StorefrontProcess,
  startStorefrontProcess,
} from './support/storefront-process.ts';

/**
 * `kill -9` of the process that commits orders, while checkouts are in flight, many times over one store.
 * The process killed is the real storefront: `apps/storefront/server.ts` running Next's production build
 * around the commerce store, started as `npm start` starts it, so the orders go through the same
 * `/api/checkout` route, checkout service and store transaction as in production. Only the search service
 * is left out: the storefront sells without it (its index sync waits in the background).
 *
 * - Each cycle starts the process on the same data (a PGlite folder, or a PostgreSQL database); four
 *   shoppers fill carts and check out concurrently, each cart with its own cookie and Idempotency-Key (two
 *   of them racing for a variant's last unit), and the process gets SIGKILL once a few orders were
 *   acknowledged while at least one checkout is still in flight.
 * - After each restart, every checkout left without an answer is retried with its key, as the checkout
 *   page does: 200 with the order the lost attempt committed, 201 when it committed nothing, or 409 when
 *   the stock ran out; and the key of every order acknowledged since the previous restart is replayed: the
 *   store must answer 200 with that very order (a lost order would come back as a new one or an error).
 * - At the end the confirmation pages of the last cycle's orders show their lines and totals, the process
 *   stops cleanly, and the store itself is read: it holds exactly the acknowledged orders, each with its
 *   lines and total, one per idempotency key; no stock is below zero, each raced last unit was sold once,
 *   and for every variant the seeded stock equals what is left plus what the orders took.
 *
 * The first run builds the storefront into its own folder (`.next-crash`), and so does a run after a
 * source change, with `npm start`'s own check.
 */
const distDir = '.next-crash';
const shoppers = 4;
const killsPerEngine = { pglite: 20, postgres: 5 } as const;

const seededStock = new Map(
  loadLumaSample().flatMap((product) =>
    product.variants.map((variant) => [variant.sku, variant.stock] as const),
  ),
);
/** Variants with stock for the whole run: what the shoppers' carts hold. */
const skuPool = skusWhere((stock) => stock >= 25).slice(0, 24);
/** Variants with one unit left: each cycle, two shoppers race for one of them. */
const lastUnits = skusWhere((stock) => stock === 1);

function skusWhere(test: (stock: number) => boolean): string[] {
  return [...seededStock]
    .filter(([, stock]) => test(stock))
    .map(([sku]) => sku)
    .sort();
}

interface Attempt {
  readonly key: string;
  readonly filled: FilledCart;
}

interface Acknowledged extends Attempt {
  readonly orderId: string;
  readonly totalCents: number;
}

/** What the shoppers were told, across every cycle of one engine. */
class Ledger {
  readonly acknowledged: Acknowledged[] = [];
  /** Checkouts sent when the process died, not answered: outcome unknown until retried. */
  unanswered: Attempt[] = [];
  /** Acknowledged since the last restart's checks. */
  recent: Acknowledged[] = [];
  /** Checkouts refused for stock: the losers of the races for a last unit. */
  refused = 0;
  /** Cycles run so far: one race for a last unit each. */
  cycles = 0;
  inFlightAtKills = 0;

  acknowledge(attempt: Attempt, body: { orderId?: string; totalCents?: number }): void {
    expect(body.orderId, attempt.key).toMatch(/^[0-9a-f]{32}$/);
    expect(body.totalCents, attempt.key).toBe(attempt.filled.cart.subtotalCents);
    const entry = { ...attempt, orderId: body.orderId ?? '', totalCents: body.totalCents ?? -1 };
    this.acknowledged.push(entry);
    this.recent.push(entry);
  }
}

beforeAll(() => ensureProductionBuild(distDir), 600_000);

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe.each(['pglite', 'postgres'] as const)('kill -9 of the storefront on %s', (engine) => {
  it(
    'loses no order it acknowledged, and sells no stock twice',
    async () => {
      expect(skuPool.length).toBeGreaterThanOrEqual(20);
      expect(lastUnits.length).toBeGreaterThanOrEqual(killsPerEngine[engine]);
      const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-order-crash-'));
      dataDirs.push(dataDir);
      const databaseUrl =
        engine === 'postgres'
          ? await createDatabase(inject('postgresUrl'), 'storefront_order_crash')
          : undefined;
      const options = { dataDir, databaseUrl, port: await freePort(), distDir };
      const ledger = new Ledger();
      let storefront = await startStorefrontProcess(options);
      let lastCycle: Acknowledged[] = [];
      try {
        for (let cycle = 1; cycle <= killsPerEngine[engine]; cycle++) {
          await shopUntilKilled(storefront, cycle, ledger);
          storefront = await startStorefrontProcess(options);
          await retryUnanswered(storefront, ledger);
          lastCycle = await replayRecentOrders(storefront, ledger);
        }
        await checkOrderPages(storefront, lastCycle);
        expect(await storefront.stop(), storefront.output()).toBe(0);
      } finally {
        await storefront.kill();
      }
      // Every kill cut off at least one checkout (else the test proved nothing), and every race for a last
      // unit had one loser, told so before or after the kill.
      expect(ledger.inFlightAtKills).toBeGreaterThanOrEqual(killsPerEngine[engine]);
      expect(ledger.refused).toBeGreaterThanOrEqual(killsPerEngine[engine]);
      await checkStore(dataDir, databaseUrl, ledger);
    },
    killsPerEngine[engine] * 30_000 + 120_000,
  );
});

/** Four shoppers check out in a loop; the process is killed once a few orders were acknowledged. */
async function shopUntilKilled(
  storefront: StorefrontProcess,
  cycle: number,
  ledger: Ledger,
): Promise<void> {
  let killing = false;
  let inFlight = 0;
  let acknowledgedThisCycle = 0;
  let failure: unknown;
  // Two carts hold the same last unit before anyone checks out: exactly one of them can be sold.
  const lastUnit = lastUnits[cycle - 1] ?? '';
  const rivals = await Promise.all(
    [0, 1].map(() => fillCart(storefront.url, [{ sku: lastUnit, quantity: 1 }, ...randomLines()])),
  );
  for (const rival of rivals) expect(rival?.cart.lines.map((line) => line.sku)).toContain(lastUnit);
  const shopper = async (shopperId: number) => {
    for (let round = 0; !killing; round++) {
      let filled = round === 0 ? rivals[shopperId] : undefined;
      try {
        filled ??= await fillCart(storefront.url, randomLines());
      } catch (error) {
        if (!killing) throw error;
        return;
      }
      if (!filled || killing) continue;
      const attempt = { key: `crash-${cycle}-${shopperId}-${round}`, filled };
      inFlight += 1;
      const result = await placeOrder(storefront.url, filled.cartId, attempt.key);
      inFlight -= 1;
      if (result.kind === 'no-answer') {
        if (!killing) throw result.error;
        ledger.unanswered.push(attempt);
      } else if (result.status === 201) {
        ledger.acknowledge(attempt, result.body);
        acknowledgedThisCycle += 1;
      } else if (result.status === 409 && result.body.code === 'out-of-stock') {
        ledger.refused += 1;
      } else {
        throw new Error(
          `Checkout ${attempt.key} answered ${result.status} ${JSON.stringify(result.body)}`,
        );
      }
    }
  };
  const running = Array.from({ length: shoppers }, (_, id) =>
    shopper(id).catch((error: unknown) => {
      failure ??= error;
    }),
  );
  const wanted = 1 + Math.floor(Math.random() * 4);
  const deadline = Date.now() + 30_000;
  while (!(acknowledgedThisCycle >= wanted && inFlight > 0)) {
    if (failure !== undefined) throw failure;
    if (Date.now() > deadline)
      throw new Error(
        `Cycle ${cycle}: no checkout in flight after ${wanted} orders\n${storefront.output()}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  killing = true;
  ledger.cycles = cycle;
  ledger.inFlightAtKills += inFlight;
  await storefront.kill();
  await Promise.all(running);
  if (failure !== undefined) throw failure;
}

/** One to three distinct variants, one or two of each. */
function randomLines() {
  const count = 1 + Math.floor(Math.random() * 3);
  const skus = new Set<string>();
  while (skus.size < count) skus.add(skuPool[Math.floor(Math.random() * skuPool.length)] ?? '');
  return [...skus].map((sku) => ({ sku, quantity: 1 + Math.floor(Math.random() * 2) }));
}

/** Retries every checkout the kill left without an answer, with its cart cookie and key. */
async function retryUnanswered(storefront: StorefrontProcess, ledger: Ledger): Promise<void> {
  const pending = ledger.unanswered;
  ledger.unanswered = [];
  for (const attempt of pending) {
    const result = await placeOrder(storefront.url, attempt.filled.cartId, attempt.key);
    if (result.kind === 'no-answer') throw result.error;
    expect([200, 201, 409], `${attempt.key}: ${JSON.stringify(result.body)}`).toContain(
      result.status,
    );
    if (result.status === 409) {
      expect(result.body.code).toBe('out-of-stock');
      ledger.refused += 1;
      continue;
    }
    ledger.acknowledge(attempt, result.body);
  }
}

/**
 * Replays the key of every order acknowledged since the last restart, as a shopper's second click would:
 * the store must answer 200 with that same order (a lost order would come back as a new one, or as an error).
 */
async function replayRecentOrders(
  storefront: StorefrontProcess,
  ledger: Ledger,
): Promise<Acknowledged[]> {
  const recent = ledger.recent;
  ledger.recent = [];
  for (const entry of recent) {
    const result = await placeOrder(storefront.url, entry.filled.cartId, entry.key);
    const answer = result.kind === 'answered' ? result : undefined;
    expect(answer?.status, `${entry.key} replayed after the restart`).toBe(200);
    expect(answer?.body).toMatchObject({ orderId: entry.orderId, totalCents: entry.totalCents });
  }
  return recent;
}

/** The confirmation pages (`/order/<id>`) show each order's lines and total. */
async function checkOrderPages(storefront: StorefrontProcess, entries: readonly Acknowledged[]) {
  for (const entry of entries) {
    const order = await orderPageData(storefront.url, entry.orderId);
    expect(order, `the page of order ${entry.orderId} (${entry.key})`).toBeDefined();
    expect(order?.['totalCents']).toBe(entry.totalCents);
    expect(linesOf(order?.['lines'] as OrderLine[])).toEqual(cartLines(entry.filled.cart));
  }
}

interface OrderLine {
  readonly sku: string;
  readonly quantity: number;
  readonly unitPriceCents: number;
}

const bySku = (a: OrderLine, b: OrderLine) => a.sku.localeCompare(b.sku);
const linesOf = (lines: readonly OrderLine[]) =>
  lines.map(({ sku, quantity, unitPriceCents }) => ({ sku, quantity, unitPriceCents })).sort(bySku);
const cartLines = (cart: CartView) => linesOf(cart.lines);

/** Reads the store directly, as the next start would find it. */
async function checkStore(
  dataDir: string,
  databaseUrl: string | undefined,
  ledger: Ledger,
): Promise<void> {
  const database = await openDatabase({
    dataDir,
    databaseUrl,
    name: 'storefront',
    migrations: storefrontMigrations,
  });
  try {
    const store = createCommerceStore(database);
    for (const entry of ledger.acknowledged) {
      const order = await store.findOrder(entry.orderId);
      expect(order, `order ${entry.orderId} (${entry.key})`).toBeDefined();
      expect(order?.totalCents).toBe(entry.totalCents);
      expect(linesOf(order?.lines ?? [])).toEqual(cartLines(entry.filled.cart));
    }
    const stored = await database.orm
      .select({ id: orders.id, key: orders.idempotencyKey })
      .from(orders);
    // Exactly the acknowledged orders: none lost, none committed behind a shopper's back, one per key.
    expect(new Map(stored.map((row) => [row.key, row.id]))).toEqual(
      new Map(ledger.acknowledged.map((entry) => [entry.key, entry.orderId])),
    );
    expect(stored).toHaveLength(ledger.acknowledged.length);
    const sold = new Map<string, number>();
    for (const line of await database.orm.select().from(orderItems))
      sold.set(line.sku, (sold.get(line.sku) ?? 0) + line.quantity);
    const raced = lastUnits.slice(0, ledger.cycles);
    for (const sku of sold.keys()) expect([...skuPool, ...raced]).toContain(sku);
    for (const sku of raced) expect(sold.get(sku), `the last unit of ${sku}`).toBe(1);
    for (const sku of [...skuPool, ...raced]) {
      const left = (await store.findVariant(sku))?.stock ?? -1;
      expect(left, sku).toBeGreaterThanOrEqual(0);
      expect(left + (sold.get(sku) ?? 0), sku).toBe(seededStock.get(sku));
    }
  } finally {
    await database.close();
  }
}
