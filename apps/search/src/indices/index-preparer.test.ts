import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchIndex } from '../engine/index.ts';
import { IndexPreparer } from './index-preparer.ts';
import { IndexRegistry } from './index-registry.ts';
import { LiveIndex } from './live-index.ts';

const at = new Date('2026-11-21T00:00:00Z');

/** A registry of `names`, each with a few records, and the preparation steps each engine ran. */
function registryOf(...names: string[]): { registry: IndexRegistry; ran: string[] } {
  const registry = new IndexRegistry();
  const ran: string[] = [];
  for (const name of names) {
    const index = new LiveIndex(name, {}, at, at);
    const engine = index.ownIndex as SearchIndex;
    engine.saveObjects([
      { objectID: '1', name: 'jacket' },
      { objectID: '2', name: 'bag' },
    ]);
    const steps = engine.preparationSteps.bind(engine);
    vi.spyOn(engine, 'preparationSteps').mockImplementation(() =>
      steps().map((step, position) => () => {
        ran.push(`${name}#${position}`);
        step();
      }),
    );
    registry.set(index);
  }
  return { registry, ran };
}

/**
 * The recording steps `registryOf` gave `engine`, for a test that wraps them once more: Vitest (since 4) keeps
 * one spy per method, so a second `spyOn` replaces the first's implementation instead of wrapping the spy.
 */
function recordedSteps(engine: SearchIndex): () => (() => void)[] {
  const recorded = vi.mocked(engine.preparationSteps).getMockImplementation();
  if (!recorded) throw new Error('registryOf spies on preparationSteps');
  return recorded;
}

const failOnError = (error: unknown): never => {
  throw error;
};

/** Lets the timers and the event-loop turns between steps run. */
async function settle(milliseconds: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(milliseconds);
  for (let turn = 0; turn < 50; turn++) await new Promise((resolve) => setImmediate(resolve));
}

describe('IndexPreparer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('prepares every engine once the writes have been quiet for the delay', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { registry, ran } = registryOf('products', 'articles');
    const preparer = new IndexPreparer(registry, 200, failOnError);
    registry.onChanged(() => preparer.schedule());
    registry.changed();
    await settle(150);
    registry.changed(); // a burst of writes: the countdown starts again
    await settle(150);
    expect(ran).toEqual([]);
    await settle(100);
    // The dictionary/sort step, the one-word step, then two steps per first letter (b, j): one search each.
    const steps = (name: string) =>
      Array.from({ length: 6 }, (_, position) => `${name}#${position}`);
    expect(ran).toEqual([...steps('products'), ...steps('articles')]);
  });

  it('leaves a pass as soon as another write arrives, and starts a new one after it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { registry, ran } = registryOf('products');
    const preparer = new IndexPreparer(registry, 200, failOnError);
    registry.onChanged(() => preparer.schedule());
    const engine = registry.require('products').ownIndex as SearchIndex;
    const steps = recordedSteps(engine);
    let writes = 0;
    vi.spyOn(engine, 'preparationSteps').mockImplementation(() =>
      steps().map((step, position) => () => {
        step();
        // A write lands while the pass is at its second step (once).
        if (position === 1 && writes++ === 0) registry.changed();
      }),
    );
    vi.spyOn(engine, 'search');
    registry.changed();
    await settle(200);
    const firstPass = vi.mocked(engine.search).mock.calls.length;
    // Steps 0 and 1 ran (a search each), then the pass stopped: the letters were not scanned.
    expect(ran).toEqual(['products#0', 'products#1']);
    expect(firstPass).toBe(2);
    await settle(200);
    // The new pass ran every step: 2 searches before the letters, 2 per letter (b, j).
    expect(vi.mocked(engine.search).mock.calls.length - firstPass).toBe(2 + 2 * 2);
  });

  it('runs no step while the service is busy, and the whole pass once it is quiet again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { registry, ran } = registryOf('products');
    let busy = true;
    const preparer = new IndexPreparer(registry, 200, failOnError, () => busy);
    registry.onChanged(() => preparer.schedule());
    registry.changed();
    await settle(1000);
    expect(ran).toEqual([]);
    busy = false;
    await settle(200);
    expect(ran).toEqual(Array.from({ length: 6 }, (_, position) => `products#${position}`));
  });

  it('stops a pass when the service turns busy, and starts it again after another delay', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { registry, ran } = registryOf('products');
    let busy = false;
    const preparer = new IndexPreparer(registry, 200, failOnError, () => busy);
    const engine = registry.require('products').ownIndex as SearchIndex;
    const steps = recordedSteps(engine);
    vi.spyOn(engine, 'preparationSteps').mockImplementation(() =>
      steps().map((step, position) => () => {
        step();
        // A save starts while the pass is at its second step.
        if (position === 1 && ran.length === 2) busy = true;
      }),
    );
    preparer.schedule();
    await settle(200);
    expect(ran).toEqual(['products#0', 'products#1']);
    await settle(600);
    expect(ran).toHaveLength(2);
    busy = false;
    await settle(200);
    expect(ran.slice(2)).toEqual(
      Array.from({ length: 6 }, (_, position) => `products#${position}`),
    );
  });

  it('releases the spare capacity the writes left, before the preparation steps', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { registry, ran } = registryOf('products');
    const engine = registry.require('products').ownIndex as SearchIndex;
    const records = Array.from({ length: 2000 }, (_, position) => ({
      objectID: `p${position}`,
      name: `jacket ${position % 7 === 0 ? 'blue' : 'red'} ${position}`,
    }));
    engine.saveObjects(records);
    const afterWrites = engine.reservedBytes().text;
    const trimmed = new LiveIndex('trimmed', {}, at, at).ownIndex as SearchIndex;
    trimmed.saveObjects([
      { objectID: '1', name: 'jacket' },
      { objectID: '2', name: 'bag' },
      ...records,
    ]);
    trimmed.prepare();
    const preparer = new IndexPreparer(registry, 200, failOnError);
    registry.onChanged(() => preparer.schedule());
    registry.changed();
    await settle(250);
    expect(ran.length).toBeGreaterThan(0);
    expect(engine.reservedBytes().text).toBeLessThan(afterWrites);
    expect(engine.reservedBytes()).toEqual(trimmed.reservedBytes());
  });

  it('reports a failing step and goes on with the next ones', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { registry } = registryOf('products');
    const engine = registry.require('products').ownIndex as SearchIndex;
    const steps = recordedSteps(engine);
    const done: number[] = [];
    vi.spyOn(engine, 'preparationSteps').mockImplementation(() =>
      steps().map((step, position) => () => {
        if (position === 1) throw new Error('settings saved since');
        step();
        done.push(position);
      }),
    );
    const errors: unknown[] = [];
    const preparer = new IndexPreparer(registry, 200, (error) => errors.push(error));
    preparer.schedule();
    await settle(200);
    expect(errors).toEqual([new Error('settings saved since')]);
    expect(done).toEqual([0, 2, 3, 4, 5]);
  });

  it('does nothing once stopped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { registry, ran } = registryOf('products');
    const preparer = new IndexPreparer(registry, 200, failOnError);
    preparer.schedule();
    preparer.stop();
    preparer.schedule();
    await settle(1000);
    expect(ran).toEqual([]);
  });

  it('leaves search results as they were', () => {
    const { registry } = registryOf('products');
    const index = registry.require('products');
    const before = index.search({ text: 'j' });
    for (const step of (index.ownIndex as SearchIndex).preparationSteps()) step();
    expect(index.search({ text: 'j' })).toEqual(before);
  });
});
