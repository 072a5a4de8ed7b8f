/**
 * `npm run import -- <file>`: validates a catalogue file (progress bar), reports every bad record with its
 * position and reason and applies nothing if there is one; otherwise sends it to the running storefront,
 * which owns the store (`POST /api/admin/import`, admin key), or — when the storefront is not running —
 * opens the store itself. The storefront re-syncs the search index after the import.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type CatalogueRecordError, validateCatalogue } from '@vitrine/catalogue';
import { SingleBar } from 'cli-progress';
import { readStackConfig, type SearchServiceInfo, searchServiceInfoFile } from './lib/config.ts';
import { readCatalogueFile } from './lib/read-catalogue-file.ts';

const file = process.argv[2];
if (!file) fail('usage: npm run import -- <catalogue.json | catalogue.ndjson>');
const path = resolve(process.env['INIT_CWD'] ?? process.cwd(), file);
if (!existsSync(path)) fail(`no such file: ${path}`);

const read = readCatalogueFile(path);
if ('problem' in read) fail(`The import was refused: ${read.problem}. Nothing was changed.`);
const bar = new SingleBar({
  format: 'Validating {bar} {value}/{total} products',
  hideCursor: true,
});
bar.start(read.records.length, 0);
const validation = validateCatalogue(read.records, (done) => bar.update(done));
bar.stop();
if (!validation.ok) reportAndExit(validation.message, validation.errors);

const config = readStackConfig();
const storefrontUrl = `http://127.0.0.1:${config.port}`;
if (await isUp(`${storefrontUrl}/api/health`)) {
  const adminKey = process.env['VITRINE_ADMIN_KEY'] ?? readServiceInfo()?.adminKey;
  if (!adminKey) fail('the admin key is unknown: set VITRINE_ADMIN_KEY');
  const sending = new SingleBar({
    format: 'Importing  {bar} {value}/{total} products',
    hideCursor: true,
  });
  sending.start(validation.products.length, 0);
  const response = await fetch(`${storefrontUrl}/api/admin/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminKey}` },
    body: JSON.stringify({ products: validation.products }),
  });
  const body = (await response.json().catch(() => ({}))) as {
    message?: string;
    errors?: CatalogueRecordError[];
    imported?: number;
  };
  if (!response.ok) {
    sending.stop();
    if (body.errors)
      reportAndExit(body.message ?? 'The storefront refused the import.', body.errors);
    fail(`the storefront refused the import (${response.status}): ${body.message ?? 'no message'}`);
  }
  sending.update(validation.products.length);
  sending.stop();
  console.log(
    `Imported ${body.imported ?? validation.products.length} products through the running storefront.`,
  );
} else {
  const { importIntoLocalStore } = await import('./lib/import-local.ts');
  const count = await importIntoLocalStore(validation.products, config).catch((error: unknown) =>
    fail(`The import was refused: ${error instanceof Error ? error.message : String(error)}`),
  );
  console.log(
    `Imported ${count} products into the store in ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}.`,
  );
  console.log('The storefront pushes them to the search index on its next start.');
}

function readServiceInfo(): SearchServiceInfo | undefined {
  const info = searchServiceInfoFile(config.dataDir);
  return existsSync(info)
    ? (JSON.parse(readFileSync(info, 'utf8')) as SearchServiceInfo)
    : undefined;
}

async function isUp(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

function reportAndExit(message: string, errors: readonly CatalogueRecordError[]): never {
  console.error(`The import was refused: ${message}`);
  for (const error of errors.slice(0, 50)) {
    console.error(
      `  record ${error.position + 1}${error.path ? `, ${error.path}` : ''}: ${error.reason}`,
    );
  }
  if (errors.length > 50) console.error(`  … and ${errors.length - 50} more`);
  process.exit(1);
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
