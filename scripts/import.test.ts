import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadLumaSample } from '@vitrine/catalogue/load-luma-sample';
import { scaledCatalogue } from '@vitrine/catalogue/scaled-catalogue';
import { describe, expect, it } from 'vitest';
import { openCommerceStore } from '../apps/storefront/src/server/store/commerce-store.ts';
import { repoRoot } from './lib/config.ts';

const run = promisify(execFile);

/** Runs `npm run import`'s script with no storefront listening, so it opens the store itself. */
async function importFile(
  dataDir: string,
  file: string,
  ...options: string[]
): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/import.ts', file, ...options],
      {
        cwd: repoRoot,
        env: { ...process.env, VITRINE_DATA_DIR: dataDir, PORT: '1', DATABASE_URL: '' },
      },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('npm run import', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-import-'));
  const products = loadLumaSample().slice(0, 4);
  const good = join(dataDir, 'good.json');
  const bad = join(dataDir, 'bad.json');
  writeFileSync(good, JSON.stringify(products));
  writeFileSync(
    bad,
    JSON.stringify(
      products.map((product, index) =>
        index === 2
          ? { ...product, texts: { en: { ...product.texts.en, slug: 'Not A Slug' } } }
          : product,
      ),
    ),
  );

  it('reports a bad record with its position and reason, and changes nothing', async () => {
    const result = await importFile(dataDir, bad);
    expect(result.code).toBe(1);
    expect(result.output).toContain('record 3, texts.en.slug');
    expect(result.output).toContain('nothing was imported');
    const store = await openCommerceStore({ dataDir });
    try {
      expect(await store.loadProducts()).toHaveLength(0);
    } finally {
      await store.close();
    }
  });

  it('reports a bad NDJSON record with its position and line, and changes nothing', async () => {
    const badLines = join(dataDir, 'bad.ndjson');
    writeFileSync(
      badLines,
      products
        .map((product, index) =>
          JSON.stringify(index === 2 ? { ...product, slug: 'Not A Slug' } : product),
        )
        .join('\n\n'),
    );
    const result = await importFile(dataDir, badLines);
    expect(result.code).toBe(1);
    expect(result.output).toContain('record 3 (line 5), slug');
    expect(result.output).toContain('nothing was imported');
  });

  it('imports a valid file into the store when no storefront runs', async () => {
    const result = await importFile(dataDir, good);
    expect(result.code).toBe(0);
    const store = await openCommerceStore({ dataDir });
    try {
      expect((await store.loadProducts()).map((product) => product.id).sort()).toEqual(
        products.map((product) => product.id).sort(),
      );
    } finally {
      await store.close();
    }
  });

  it('keeps the products a file lacks, and removes them with --replace', async () => {
    const some = join(dataDir, 'some.ndjson');
    writeFileSync(
      some,
      products
        .slice(0, 2)
        .map((product) => JSON.stringify(product))
        .join('\n'),
    );
    const ids = async () => {
      const store = await openCommerceStore({ dataDir });
      try {
        return (await store.loadProducts()).map((product) => product.id).sort();
      } finally {
        await store.close();
      }
    };
    expect((await importFile(dataDir, some)).code).toBe(0);
    expect(await ids()).toHaveLength(4);
    const replaced = await importFile(dataDir, some, '--replace');
    expect(replaced.output).toContain('2 products not in the file removed');
    expect(await ids()).toEqual(
      products
        .slice(0, 2)
        .map((product) => product.id)
        .sort(),
    );
  });

  it('refuses a file whose product takes the SKU of a stored product, naming the record', async () => {
    const [owner] = products;
    const taker = { ...products[3]!, id: 'TAKER1', variants: [owner!.variants[0]!] };
    taker.texts = { en: { ...taker.texts.en, slug: 'taker-one' } };
    const file = join(dataDir, 'taker.json');
    writeFileSync(file, JSON.stringify([taker]));
    const result = await importFile(dataDir, file);
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      `record 1, variants.0.sku: sku "${owner!.variants[0]!.sku}" belongs to product "${owner!.id}" in the store`,
    );
  });

  it('refuses a file cut short, saying so, and changes nothing', async () => {
    const cut = join(dataDir, 'cut.json');
    writeFileSync(cut, JSON.stringify(products).slice(0, -40));
    const result = await importFile(dataDir, cut);
    expect(result.code).toBe(1);
    expect(result.output).toContain('the file ends before its array of products is closed');
  });

  it('imports a file of several batches, and refuses one whose bad record comes after them', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vitrine-import-batches-'));
    const many = [...scaledCatalogue(loadLumaSample(), 1_300, 2)];
    const lines = (list: readonly unknown[]) => list.map((each) => JSON.stringify(each)).join('\n');
    const bad = join(folder, 'bad.ndjson');
    writeFileSync(
      bad,
      lines(many.map((each, index) => (index === 1_250 ? { ...each, popularity: -1 } : each))),
    );
    const refused = await importFile(folder, bad);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('record 1251 (line 1251), popularity');
    const good = join(folder, 'good.ndjson');
    writeFileSync(good, lines(many));
    const store = await openCommerceStore({ dataDir: folder });
    try {
      expect(await store.countProducts()).toBe(0);
    } finally {
      await store.close();
    }
    const imported = await importFile(folder, good);
    expect(imported.output).toContain('Imported 1300 products');
    const after = await openCommerceStore({ dataDir: folder });
    try {
      expect(await after.countProducts()).toBe(1_300);
    } finally {
      await after.close();
    }
  });

  it('refuses to open a store folder another process owns, with a clear error', async () => {
    const store = await openCommerceStore({ dataDir });
    try {
      const result = await importFile(dataDir, good);
      expect(result.code).toBe(1);
      expect(result.output).toMatch(/already in use by process \d+/);
    } finally {
      await store.close();
    }
  });
});
