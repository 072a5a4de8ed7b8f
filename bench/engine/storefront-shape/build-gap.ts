/**
 * What an index built by writes (1,000 records at a time, then the quiet-time trim and preparation) holds that
 * the same index imported from its persisted build does not: structure by structure, for the primary and one
 * sharing replica. Scratch tool for decision 0025.
 *
 *   node --expose-gc --import tsx bench/engine/storefront-shape/build-gap.ts [--products 10000]
 */
import { parseArgs } from 'node:util';
import {
  type ExportedPart,
  type ImportedPart,
  SearchIndex,
  type SearchRecord,
} from '../../../apps/search/src/engine/index.ts';
import { generatedRecords, primarySettings, replicaSettingsByName } from './storefront-records.ts';
import { fieldsAt, structureSizes } from './structure-sizes.ts';

const { values } = parseArgs({ options: { products: { type: 'string', default: '10000' } } });
const settings = primarySettings();

function parts(exported: readonly ExportedPart[]): ImportedPart[] {
  return exported.flatMap((part): ImportedPart[] => {
    if (part.kind === 'json')
      return [{ kind: 'json', value: JSON.parse(JSON.stringify(part.value)) }];
    if (part.kind === 'u8') return [{ kind: 'u8', array: part.array.slice() }];
    if (part.kind === 'u32') return [{ kind: 'u32', array: part.array.slice() }];
    if (part.kind === 'f64') return [{ kind: 'f64', array: part.array.slice() }];
    let total = 0;
    for (const length of part.lengths) total += length;
    const all = new Uint32Array(total);
    let at = 0;
    part.lists.forEach((list, i) => {
      const length = part.lengths[i] ?? 0;
      if (list !== undefined) all.set(list.buffer.subarray(0, length), at);
      at += length;
    });
    return [
      { kind: 'u32', array: part.lengths.slice() },
      { kind: 'u32', array: all },
    ];
  });
}

function sizes(primary: SearchIndex, replica: SearchIndex): Map<string, number> {
  const root = { primary, replica };
  const paths = [
    'primary.documents.arena',
    'primary.text.postings',
    'primary.text.forwardEntries',
    'primary.text.forwardStarts',
    'primary.columns.facets',
    'primary.columns.numerics',
    'primary.columns.sortTexts',
    ...fieldsAt(root, 'primary'),
    ...fieldsAt(root, 'replica'),
  ];
  return new Map(
    structureSizes(root, [...new Set(paths)]).map((size) => [
      size.name,
      size.bufferBytes + size.heapBytes,
    ]),
  );
}

function searchAll(indices: readonly SearchIndex[]): void {
  for (const index of indices)
    for (const text of ['jacket', 'yoga p', 'tee', 'shrt', 'wom'])
      index.search({ text, hitsPerPage: 20, facets: ['*'] });
}

const primary = new SearchIndex(settings);
const replicas = replicaSettingsByName().map(([, replicaSettings]) => {
  const replica = new SearchIndex(replicaSettings);
  replica.shareWith(primary);
  return replica;
});
let batch: SearchRecord[] = [];
const save = () => {
  primary.saveObjects(batch);
  for (const replica of replicas) replica.saveObjects(batch);
  batch = [];
};
for (const record of generatedRecords(Number(values.products))) {
  batch.push(record);
  if (batch.length === 1000) save();
}
if (batch.length > 0) save();
for (const index of [primary, ...replicas])
  for (const step of [...index.trimmingSteps(), ...index.preparationSteps()]) step();
searchAll([primary, ...replicas]);
const written = sizes(primary, replicas[0] ?? primary);

const imported = new SearchIndex(settings);
imported.importBuild(parts(primary.exportBuild() ?? []));
const importedReplicas = replicaSettingsByName().map(([, replicaSettings]) => {
  const replica = new SearchIndex(replicaSettings);
  replica.shareWith(imported);
  return replica;
});
for (const index of [imported, ...importedReplicas])
  for (const step of index.preparationSteps()) step();
searchAll([imported, ...importedReplicas]);
const read = sizes(imported, importedReplicas[0] ?? imported);

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(2);
console.log(`${primary.size} records`);
console.log('| structure | written, MB | imported, MB | gap |');
console.log('|---|--:|--:|--:|');
for (const [name, bytes] of written) {
  const other = read.get(name) ?? 0;
  if (Math.max(bytes, other) < 2 ** 18) continue;
  console.log(`| ${name} | ${mb(bytes)} | ${mb(other)} | ${mb(bytes - other)} |`);
}
