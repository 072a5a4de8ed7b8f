import { describe, expect, it } from 'vitest';
import { createImportProgressRegistry } from './import-progress-registry.ts';

async function* chunks(...parts: string[]) {
  yield* parts.map((part) => Buffer.from(part));
}

async function drain(iterable: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of iterable);
}

describe('the console uploads’ progress', () => {
  it('reports the bytes read, products written and phase to the session that started it only', async () => {
    let now = 1_000;
    const registry = createImportProgressRegistry(() => now);
    const tracker = registry.start('upload-0001', 'session-a', 8);
    if (!tracker) throw new Error('not started');
    await drain(tracker.count(chunks('[{"a"', ':1}')));
    tracker.products(1);
    now += 500;
    expect(registry.report('upload-0001', 'session-a')).toEqual({
      phase: 'reading',
      bytesRead: 8,
      totalBytes: 8,
      products: 1,
      elapsedMs: 500,
      index: null,
    });
    expect(registry.report('upload-0001', 'session-b')).toBeUndefined();
    expect(registry.report('upload-0002', 'session-a')).toBeUndefined();
    // An id already in use cannot start a second upload.
    expect(registry.start('upload-0001', 'session-a', 10)).toBeUndefined();
  });

  it('keeps the end state (the first one reached) for a few minutes, then forgets it', () => {
    let now = 0;
    const registry = createImportProgressRegistry(() => now);
    const tracker = registry.start('upload-0001', 's', null);
    tracker?.phase('indexing');
    tracker?.phase('imported');
    tracker?.phase('failed');
    now += 60_000;
    expect(registry.report('upload-0001', 's')).toMatchObject({ phase: 'imported', elapsedMs: 0 });
    now += 5 * 60_000;
    registry.start('upload-0002', 's', null);
    expect(registry.report('upload-0001', 's')).toBeUndefined();
  });

  it('reports the index update’s products sent, of those to send, since it started; and whether it ended done', () => {
    let now = 0;
    const registry = createImportProgressRegistry(() => now);
    const tracker = registry.start('upload-0001', 's', 100);
    tracker?.phase('indexing');
    now += 1_000;
    tracker?.indexed({ products: 0, total: 500 });
    now += 2_000;
    tracker?.indexed({ products: 250, total: 500 });
    expect(registry.report('upload-0001', 's')).toMatchObject({
      phase: 'indexing',
      index: { products: 250, total: 500, elapsedMs: 2_000 },
    });
    tracker?.phase('imported', { indexed: false });
    expect(registry.report('upload-0001', 's')).toMatchObject({
      phase: 'imported',
      indexed: false,
    });
  });
});
