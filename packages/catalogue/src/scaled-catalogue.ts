import type { CatalogueProduct, ProductText, ProductTexts } from './catalogue-product.ts';
import { stableHash } from './deterministic.ts';

/** Words of the name prefix a copy gets, so that copies of one product read as different products. */
const prefixWords = [
  'Alpine',
  'Atlas',
  'Boreal',
  'Cascade',
  'Coastal',
  'Delta',
  'Ember',
  'Fjord',
  'Granite',
  'Harbor',
  'Juniper',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Onyx',
  'Pioneer',
  'Quarry',
  'Ridge',
  'Sierra',
  'Tundra',
] as const;

/**
 * A catalogue of `count` products made from `sample` for measuring the shop at a merchant's size: copy `k`
 * of product `P` gets id `P-K<k>`, slugs `<slug>-k<k>` (in each of its languages), SKUs `<sku>-K<k>`, a name prefixed with a word chosen
 * from `seed` and `k`, and links to the copies of its linked products in the same round (`<linked>-K<k>`);
 * categories, colours, sizes, photos and reviews are the sample's. Deterministic: the same sample, count
 * and seed always give the same products, in the same order. Yields one product at a time, so a caller
 * can stream 100,000 of them to a file without holding them.
 */
export function* scaledCatalogue(
  sample: readonly CatalogueProduct[],
  count: number,
  seed = 1,
): Generator<CatalogueProduct> {
  if (sample.length === 0) throw new Error('The sample catalogue is empty');
  for (let index = 0; index < count; index += 1) {
    const round = Math.floor(index / sample.length);
    const source = sample[index % sample.length] as CatalogueProduct;
    const suffix = `K${round}`;
    const copyId = (id: string) => `${id}-${suffix}`;
    const word = prefixWords[stableHash(`${seed}:${source.id}:${round}`) % prefixWords.length];
    yield {
      ...source,
      id: copyId(source.id),
      texts: copyTexts(source.texts, `${word} ${round}`, suffix.toLowerCase()),
      variants: source.variants.map((variant) => ({ ...variant, sku: copyId(variant.sku) })),
      related: source.related.map(copyId),
      upsell: source.upsell.map(copyId),
      crossSell: source.crossSell.map(copyId),
      popularity: stableHash(`${seed}:popularity:${index}`) % (source.popularity + 1),
    };
  }
}

/** Each language's texts of a copy: the name prefixed, the slug suffixed, the description kept. */
function copyTexts(texts: ProductTexts, prefix: string, slugSuffix: string): ProductTexts {
  const copy = (text: ProductText): ProductText => ({
    name: `${prefix} ${text.name}`,
    slug: `${text.slug}-${slugSuffix}`,
    description: text.description,
  });
  return { en: copy(texts.en), ...(texts.fr && { fr: copy(texts.fr) }) };
}
