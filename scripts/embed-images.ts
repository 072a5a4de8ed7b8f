/**
 * `npm run embed-images [-- --folder <photos> --url-prefix <site URL of that folder> --out <file.json>]`:
 * computes the image embedding of every photo whose bytes changed since the last run (sha256) and rewrites the
 * committed vectors file the search service reads for `looking-similar`. Defaults: the Luma photos
 * (apps/storefront/public/images/luma, served as /images/luma) into apps/search/data/image-vectors/luma.json.
 * Model: docs/decisions/0008-image-embeddings.md.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { lumaImagesFolder } from '@vitrine/catalogue/load-luma-sample';
import { SingleBar } from 'cli-progress';
import { defaultImageVectorsFile } from '../apps/search/src/recommend/record-image-vectors.ts';
import { embedderModel, loadImageEmbedder } from './lib/image-embedder.ts';
import { updateImageVectors } from './lib/update-image-vectors.ts';

const cwd = process.env['INIT_CWD'] ?? process.cwd();
let options: { folder?: string; 'url-prefix'?: string; out?: string };
try {
  ({ values: options } = parseArgs({
    options: {
      folder: { type: 'string' },
      'url-prefix': { type: 'string' },
      out: { type: 'string' },
    },
  }));
} catch (error) {
  fail(
    `${(error as Error).message}\nusage: npm run embed-images [-- --folder <photos> --url-prefix /images/x --out <file.json>]`,
  );
}
const folder = options.folder ? resolve(cwd, options.folder) : lumaImagesFolder;
const urlPrefix = options['url-prefix'] ?? (options.folder ? '/images' : '/images/luma');
const file = options.out ? resolve(cwd, options.out) : defaultImageVectorsFile;

const bar = new SingleBar({
  format: 'Embedding {bar} {value}/{total} photos {photo}',
  hideCursor: true,
  noTTYOutput: true,
  notTTYSchedule: 5000,
});
let started = false;
try {
  const result = await updateImageVectors({
    folder,
    urlPrefix,
    file,
    model: embedderModel,
    embedder: loadImageEmbedder,
    onProgress: (done, total, photo) => {
      if (total === 0) return;
      if (!started) {
        bar.start(total, 0, { photo: '' });
        started = true;
      }
      bar.update(done, { photo: photo ?? '' });
    },
  });
  if (started) bar.stop();
  console.log(
    `${result.photos} photos: ${result.computed.length} computed, ${result.photos - result.computed.length} unchanged, ${result.removed} stale vectors removed → ${file}`,
  );
} catch (error) {
  if (started) bar.stop();
  fail((error as Error).message);
}

function fail(message: string): never {
  console.error(`embed-images: ${message}`);
  process.exit(1);
}
