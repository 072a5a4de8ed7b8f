import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { lumaImagesFolder } from '@vitrine/catalogue/load-luma-sample';
import { describe, expect, it } from 'vitest';
import { parseImageVectorsFile } from '../apps/search/src/recommend/image-vectors-file.ts';
import { RecommendModels } from '../apps/search/src/recommend/recommend-models.ts';
import {
  loadPhotoVectors,
  recordImageVectors,
} from '../apps/search/src/recommend/record-image-vectors.ts';
import { repoRoot } from './lib/config.ts';

const run = promisify(execFile);

/** Runs `npm run embed-images`'s script on a photo folder. */
async function embedImages(folder: string, out: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/embed-images.ts', '--folder', folder, '--out', out],
      { cwd: repoRoot },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** Two hoodies, a bag, a pair of trousers and a tee of the Luma sample, one record (and product) each. */
const photos = {
  hoodie: 'm/h/mh01-black_main.jpg',
  otherHoodie: 'm/h/mh02-black_main.jpg',
  bag: 'w/b/wb01-black_main.jpg',
  trousers: 'm/p/mp01-black_main.jpg',
  tee: 'm/t/mt01-gray_main.jpg',
} as const;

/** Product ids of the looking-similar answer for `source`, nearest first. */
function neighbours(vectorsFile: string, source: keyof typeof photos): string[] {
  const records = Object.entries(photos).map(([objectID, path]) => ({
    objectID,
    image: `/images/${path}`,
  }));
  const models = new RecommendModels();
  models.setCatalogue(records);
  models.setImageVectors(recordImageVectors(records, loadPhotoVectors(vectorsFile)));
  const result = models.recommend(
    { model: 'looking-similar', indexName: 'test', objectID: source, threshold: 0, limit: 10 },
    0,
  );
  return result.hits.map((hit) => ('objectID' in hit ? hit.objectID : hit.facetValue));
}

describe('npm run embed-images', () => {
  const folder = mkdtempSync(join(tmpdir(), 'vitrine-embed-'));
  const photoFolder = join(folder, 'photos');
  const out = join(folder, 'vectors.json');
  for (const path of Object.values(photos)) {
    mkdirSync(join(photoFolder, path, '..'), { recursive: true });
    copyFileSync(join(lumaImagesFolder, path), join(photoFolder, path));
  }

  it('recomputes only the photo whose bytes changed, and its neighbours follow', async () => {
    const first = await embedImages(photoFolder, out);
    expect(first.output).toContain('5 photos: 5 computed, 0 unchanged');
    expect(first.code).toBe(0);
    const written = parseImageVectorsFile(JSON.parse(readFileSync(out, 'utf8')));
    expect(written.dimension).toBe(4736);
    expect(Object.keys(written.photos)).toContain(`/images/${photos.hoodie}`);
    const before = neighbours(out, 'hoodie');
    expect(before).toHaveLength(4);
    expect(before[0]).not.toBe('bag');

    const again = await embedImages(photoFolder, out);
    expect(again.output).toContain('5 photos: 0 computed, 5 unchanged');
    expect(readFileSync(out, 'utf8')).toBe(JSON.stringify(written, null, 2).concat('\n'));

    // The hoodie's photo is replaced by another photo of the bag (grey): only it is recomputed, and the
    // record now looks like the bag.
    copyFileSync(
      join(lumaImagesFolder, 'w/b/wb01-gray_main.jpg'),
      join(photoFolder, photos.hoodie),
    );
    const changed = await embedImages(photoFolder, out);
    expect(changed.output).toContain('5 photos: 1 computed, 4 unchanged, 1 stale vectors removed');
    const after = parseImageVectorsFile(JSON.parse(readFileSync(out, 'utf8')));
    expect(after.photos[`/images/${photos.hoodie}`]).not.toBe(
      written.photos[`/images/${photos.hoodie}`],
    );
    expect(after.vectors[written.photos[`/images/${photos.otherHoodie}`] ?? '']).toBe(
      written.vectors[written.photos[`/images/${photos.otherHoodie}`] ?? ''],
    );
    const now = neighbours(out, 'hoodie');
    expect(now[0]).toBe('bag');
    expect(now).not.toEqual(before);
  });

  it('refuses a photo it cannot decode, naming it, and leaves the file as it was', async () => {
    const kept = readFileSync(out, 'utf8');
    writeFileSync(join(photoFolder, 'broken.jpg'), 'not a photo');
    const result = await embedImages(photoFolder, out);
    expect(result.code).toBe(1);
    expect(result.output).toContain('/images/broken.jpg: not a JPEG file');
    expect(readFileSync(out, 'utf8')).toBe(kept);
  });
});
