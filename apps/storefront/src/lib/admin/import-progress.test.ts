import { describe, expect, it } from 'vitest';
import { estimateImport, estimateIndexing, type ImportProgressReport } from './import-progress.ts';

const report = (fields: Partial<ImportProgressReport>): ImportProgressReport => ({
  phase: 'reading',
  bytesRead: 0,
  totalBytes: 1000,
  products: 0,
  elapsedMs: 0,
  index: null,
  ...fields,
});

describe('the upload bar’s figures', () => {
  it('gives the share read, products per second and the time left at the rate so far', () => {
    expect(estimateImport(report({ bytesRead: 250, products: 100, elapsedMs: 2000 }))).toEqual({
      percent: 25,
      productsPerSecond: 50,
      secondsLeft: 6,
    });
  });

  it('cannot tell the time left before anything is read, nor for a file of unknown size', () => {
    expect(estimateImport(report({})).secondsLeft).toBeNull();
    expect(estimateImport(report({ totalBytes: null, bytesRead: 10, elapsedMs: 5 }))).toEqual({
      percent: 0,
      productsPerSecond: 0,
      secondsLeft: null,
    });
  });

  it('is full once the file is read: while the index is updated and at the end', () => {
    for (const phase of ['indexing', 'imported', 'refused'] as const) {
      expect(estimateImport(report({ phase, bytesRead: 10, elapsedMs: 1000 }))).toMatchObject({
        percent: 100,
        secondsLeft: 0,
      });
    }
  });

  it('gives the index update’s share, rate and time left from its own counts', () => {
    const indexing = (index: ImportProgressReport['index']) => report({ phase: 'indexing', index });
    expect(estimateIndexing(indexing(null))).toBeNull();
    expect(estimateIndexing(indexing({ products: 500, total: 2000, elapsedMs: 5000 }))).toEqual({
      percent: 25,
      productsPerSecond: 100,
      secondsLeft: 15,
    });
    expect(estimateIndexing(indexing({ products: 0, total: 0, elapsedMs: 10 }))).toMatchObject({
      percent: 100,
      secondsLeft: 0,
    });
    expect(estimateIndexing(report({ phase: 'imported' }))).toMatchObject({ percent: 100 });
  });
});
