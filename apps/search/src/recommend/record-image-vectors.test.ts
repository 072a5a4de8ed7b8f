import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IndexRegistry } from '../indices/index-registry.ts';
import { LiveIndex } from '../indices/live-index.ts';
import { RecommendRegistry } from '../indices/recommend-registry.ts';
import {
  decodeVector,
  encodeVector,
  type ImageVectorsFile,
  parseImageVectorsFile,
} from './image-vectors-file.ts';
import {
  defaultImageVectorsFile,
  loadPhotoVectors,
  recordImageVectors,
} from './record-image-vectors.ts';

const lumaPhotos = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../../storefront/public/images/luma',
);
const at = new Date('2026-03-01T10:00:00.000Z');

/** A few Luma records as the storefront indexes them: one per colour, `image` = its main photo. */
const lumaRecords = [
  { objectID: 'MH01-Black', image: '/images/luma/m/h/mh01-black_main.jpg' },
  { objectID: 'MH02-Black', image: '/images/luma/m/h/mh02-black_main.jpg' },
  { objectID: 'MP01-Black', image: '/images/luma/m/p/mp01-black_main.jpg' },
  { objectID: 'WB01-Black', image: 'http://localhost:3000/images/luma/w/b/wb01-black_main.jpg' },
  { objectID: 'no-photo', image: null },
];

function lookingSimilar(registry: RecommendRegistry, objectID: string): string[] {
  const result = registry.modelsFor('products').recommend(
    {
      model: 'looking-similar',
      indexName: 'products',
      objectID,
      threshold: 0,
      limit: 10,
    },
    0,
  );
  return result.hits.map((hit) => ('objectID' in hit ? hit.objectID : hit.facetValue));
}

function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

describe('committed image vectors', () => {
  it('cover every storefront photo as it is now (else run `npm run embed-images`)', () => {
    const file = parseImageVectorsFile(JSON.parse(readFileSync(defaultImageVectorsFile, 'utf8')));
    const photos = readdirSync(lumaPhotos, { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.jpg'))
      .map((path) => path.split('\\').join('/'));
    expect(photos.length).toBeGreaterThan(700);
    const stale = photos.filter(
      (path) => file.photos[`/images/luma/${path}`] !== sha256(join(lumaPhotos, path)),
    );
    expect(stale).toEqual([]);
  });

  it('reach looking-similar in the service: records are matched by their main photo', () => {
    const indices = new IndexRegistry();
    const index = new LiveIndex('products', {}, at, at);
    index.saveRecords(lumaRecords);
    indices.set(index);
    const registry = new RecommendRegistry(indices, { catalogueDelayMS: 60_000 });
    const similar = lookingSimilar(registry, 'MH01-Black');
    expect([...similar].sort()).toEqual(['MH02-Black', 'MP01-Black', 'WB01-Black']);
    expect(lookingSimilar(registry, 'WB01-Black')).toHaveLength(3);
    expect(lookingSimilar(registry, 'no-photo')).toEqual([]);
    registry.close();
  });
});

describe('image vectors file', () => {
  const folder = mkdtempSync(join(tmpdir(), 'vitrine-vectors-'));
  const hash = 'a'.repeat(64);
  const valid: ImageVectorsFile = {
    model: 'test',
    dimension: 3,
    encoding: 'int8-base64',
    photos: { '/images/a.jpg': hash, '/images/b.jpg': hash },
    vectors: { [hash]: encodeVector([3, 4, 0]) },
  };

  it('stores vectors in a byte per value, keeping cosines within 0.01', () => {
    const a = [0.12, -0.5, 0.33, 0.9, 0, 0.01];
    const b = [0.1, -0.4, 0.5, 0.7, 0.2, 0];
    const cosine = (x: ArrayLike<number>, y: ArrayLike<number>) => {
      let dot = 0;
      let nx = 0;
      let ny = 0;
      for (let i = 0; i < x.length; i++) {
        dot += (x[i] ?? 0) * (y[i] ?? 0);
        nx += (x[i] ?? 0) ** 2;
        ny += (y[i] ?? 0) ** 2;
      }
      return dot / Math.sqrt(nx * ny);
    };
    const decodedA = decodeVector(encodeVector(a));
    expect(decodedA).toHaveLength(6);
    expect(cosine(decodedA, decodedA)).toBeCloseTo(1, 5);
    expect(Math.abs(cosine(decodedA, decodeVector(encodeVector(b))) - cosine(a, b))).toBeLessThan(
      0.01,
    );
  });

  it('maps photos sharing a hash to one vector, and records by their image', () => {
    const file = join(folder, 'valid.json');
    writeFileSync(file, JSON.stringify(valid));
    const photos = loadPhotoVectors(file);
    expect([...(photos.get('/images/a.jpg') ?? [])].map((value) => value.toFixed(2))).toEqual([
      '0.60',
      '0.80',
      '0.00',
    ]);
    const vectors = recordImageVectors(
      [
        { objectID: 'x', image: '/images/b.jpg' },
        { objectID: 'y', image: '/images/unknown.jpg' },
        { objectID: 'z' },
      ],
      photos,
    );
    expect([...vectors.keys()]).toEqual(['x']);
  });

  it('means no vectors when the file is missing, and names the problem of a bad one', () => {
    expect(loadPhotoVectors(join(folder, 'missing.json')).size).toBe(0);
    const broken = join(folder, 'broken.json');
    writeFileSync(broken, '{');
    expect(() => loadPhotoVectors(broken)).toThrow(/broken\.json is not valid JSON/);
    writeFileSync(
      broken,
      JSON.stringify({ ...valid, photos: { '/images/c.jpg': 'b'.repeat(64) } }),
    );
    expect(() => loadPhotoVectors(broken)).toThrow(
      `photos./images/c.jpg: no vector for hash ${'b'.repeat(64)}`,
    );
    writeFileSync(broken, JSON.stringify({ ...valid, dimension: 4 }));
    expect(() => loadPhotoVectors(broken)).toThrow(`vectors.${hash}: does not decode to 4 values`);
  });
});
