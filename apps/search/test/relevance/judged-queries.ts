/**
 * Judged queries on the Luma sample catalogue as the storefront indexes it (`products`, one index for EN and
 * FR). Each names what a shopper means and what they would accept, written from the catalogue data
 * (`packages/catalogue/data/luma`, through `toSearchRecords`), never copied from the engine's answers. They
 * are the searches a shopper types and the storefront's own judged queries
 * (`apps/storefront/test/fixtures/judged-queries.json`) do not hold: typos (one and two), typed prefixes,
 * multi-word queries, French with and without accents, elisions and plurals, numbers and sizes, and words that
 * name nothing in the shop. The catalogue holds only the Luma sample: no Open Food Facts or Online Retail
 * record (those are benchmark fixtures), so none is judged here.
 */

/** What a hit must be to count: every stated field fits (a list is any one of its values). */
export interface HitShape {
  /** The hit's `productId` is one of these. */
  readonly ids?: readonly string[];
  /** The product name contains this text (case-insensitive). */
  readonly name?: string;
  /** A category of the hit (`categories` or a segment of `hierarchicalCategories`), exactly. */
  readonly category?: string | readonly string[];
  readonly gender?: string | readonly string[];
  /** One of the product's colours (`colors`), exactly. */
  readonly color?: string | readonly string[];
  /** A material of the hit contains this text (case-insensitive: `Cocona` fits `Cocona® performance fabric`). */
  readonly material?: string | readonly string[];
  readonly style?: string | readonly string[];
  readonly activity?: string | readonly string[];
  /** The hit comes in this size. */
  readonly size?: string;
  /**
   * A word of the hit's searchable text (name, categories, French labels, colour, materials, styles,
   * activities, gender), accents folded, starts with this: what a shopper typing a prefix expects every hit
   * to show.
   */
  readonly wordPrefix?: string;
}

export type Expectation =
  /** At least one of the first `within` hits fits (a list of shapes: any of them). */
  | { readonly some: HitShape | readonly HitShape[]; readonly within: number }
  /** Every one of the first `within` hits fits (and there is at least one hit). */
  | { readonly every: HitShape | readonly HitShape[]; readonly within: number }
  /** The shop sells nothing of the kind: no hit is the right answer. */
  | { readonly noHits: true };

export type QueryKind =
  | 'typo'
  | 'two-typos'
  | 'prefix'
  | 'multi-word'
  | 'brand'
  | 'french'
  | 'french-typo'
  | 'number'
  | 'nonsense';

export interface JudgedQuery {
  readonly query: string;
  readonly lang: 'en' | 'fr';
  readonly kind: QueryKind;
  /** What the shopper means. */
  readonly intent: string;
  readonly expect: readonly Expectation[];
  /**
   * Set when the query fails because of the engine (not the catalogue's settings): the diagnosis. The test
   * lists the query as a todo until the engine is fixed.
   */
  readonly engineIssue?: string;
}

const some = (within: number, shape: HitShape | readonly HitShape[]): Expectation => ({
  some: shape,
  within,
});
const every = (within: number, shape: HitShape | readonly HitShape[]): Expectation => ({
  every: shape,
  within,
});
const noHits: Expectation = { noHits: true };

const tanks = ['Tanks', 'Bras & Tanks'];
const anyCotton = ['Cotton'];

export const judgedQueries: readonly JudgedQuery[] = [
  // One typo: missing, doubled, swapped or wrong letter.
  {
    query: 'hodie',
    lang: 'en',
    kind: 'typo',
    intent: 'a hoodie (missing letter)',
    expect: [some(3, { name: 'Hoodie' })],
  },
  {
    query: 'jackt',
    lang: 'en',
    kind: 'typo',
    intent: 'a jacket (missing letter)',
    expect: [some(3, { name: 'Jacket' })],
  },
  {
    query: 'jackett',
    lang: 'en',
    kind: 'typo',
    intent: 'a jacket (doubled letter)',
    expect: [some(3, { name: 'Jacket' })],
  },
  {
    query: 'sweatsihrt',
    lang: 'en',
    kind: 'typo',
    intent: 'a sweatshirt (swapped letters)',
    expect: [some(3, { name: 'Sweatshirt' })],
  },
  {
    query: 'leggigns',
    lang: 'en',
    kind: 'typo',
    intent: 'leggings (swapped letters)',
    expect: [some(3, { name: 'Leggings' })],
  },
  {
    query: 'backpakc',
    lang: 'en',
    kind: 'typo',
    intent: 'a backpack (swapped last letters)',
    expect: [some(3, { name: 'Backpack' })],
  },
  {
    query: 'wacth',
    lang: 'en',
    kind: 'typo',
    intent: 'a watch (swapped letters)',
    expect: [some(3, { name: 'Watch' }), every(5, { category: 'Watches' })],
  },
  {
    query: 'dufle bag',
    lang: 'en',
    kind: 'typo',
    intent: 'a duffle bag (missing letter)',
    expect: [some(3, { name: 'Duffle' })],
  },
  {
    query: 'pulover',
    lang: 'en',
    kind: 'typo',
    intent: 'a pullover (missing letter)',
    expect: [some(3, { name: 'Pullover' })],
  },
  {
    query: 'carpi',
    lang: 'en',
    kind: 'typo',
    intent: 'capri pants (swapped letters)',
    expect: [some(3, { name: 'Capri' })],
  },
  {
    query: 'tenk top',
    lang: 'en',
    kind: 'typo',
    intent: 'a tank top (wrong vowel)',
    expect: [some(3, { name: 'Tank', category: tanks })],
  },
  {
    query: 'totte',
    lang: 'en',
    kind: 'typo',
    intent: 'a tote bag (doubled letter)',
    expect: [some(3, { name: 'Tote' })],
  },
  {
    query: 'hyperian jacket',
    lang: 'en',
    kind: 'typo',
    intent: 'the Hyperion Elements Jacket (wrong vowel in the model name)',
    expect: [some(3, { ids: ['MJ02'] })],
  },
  {
    query: 'kenboi',
    lang: 'en',
    kind: 'typo',
    intent: 'the Kenobi Trail Jacket (swapped letters)',
    expect: [some(3, { ids: ['MJ04'] })],
  },
  {
    query: 'zeppeiln',
    lang: 'en',
    kind: 'typo',
    intent: 'the Zeppelin Yoga Pant (swapped letters)',
    expect: [some(3, { ids: ['MP08'] })],
  },
  {
    query: 'eletcra bra',
    lang: 'en',
    kind: 'typo',
    intent: 'the Electra Bra Top (swapped letters)',
    expect: [some(3, { ids: ['WB01'] })],
  },
  {
    query: 'gobi heattech tee',
    lang: 'en',
    kind: 'typo',
    intent: 'the Gobi HeatTec® Tee (extra letter, as in HeatTech)',
    expect: [some(3, { ids: ['MS04'] })],
  },
  {
    query: 'lightwieght jacket',
    lang: 'en',
    kind: 'typo',
    intent: 'a lightweight jacket (swapped letters)',
    expect: [some(3, { category: 'Jackets', style: 'Lightweight' })],
  },
  {
    query: 'sprite yoga stap',
    lang: 'en',
    kind: 'typo',
    intent: 'a Sprite Yoga Strap (missing letter)',
    expect: [some(3, { ids: ['24-WG085', '24-WG086', '24-WG087'] })],
  },
  {
    query: 'shirt',
    lang: 'en',
    kind: 'typo',
    intent:
      'a T-shirt (the shop calls them tees; "short" is one letter away but not what is meant)',
    expect: [some(3, { category: 'Tees' })],
  },
  // Two typos (words of 8 letters or more).
  {
    query: 'swetshirtt',
    lang: 'en',
    kind: 'two-typos',
    intent: 'a sweatshirt (missing letter and doubled letter)',
    expect: [some(3, { name: 'Sweatshirt' })],
  },
  {
    query: 'compresion shrot',
    lang: 'en',
    kind: 'two-typos',
    intent: 'compression shorts (one typo in each word)',
    expect: [some(3, { name: 'Compression Short' })],
  },
  {
    query: 'abominabel hodie',
    lang: 'en',
    kind: 'two-typos',
    intent: 'the Abominable Hoodie (one typo in each word)',
    expect: [some(3, { ids: ['MH09'] })],
  },
  {
    query: 'enduranse tnak',
    lang: 'en',
    kind: 'two-typos',
    intent: 'an Endurance Tank (one typo in each word)',
    expect: [some(3, { name: 'Endurance Tank' })],
  },
  {
    query: 'organc coton',
    lang: 'en',
    kind: 'two-typos',
    intent: 'organic cotton clothes (one typo in each word)',
    expect: [every(5, { material: 'Organic Cotton' })],
  },
  {
    query: 'fitnes equipment',
    lang: 'en',
    kind: 'two-typos',
    intent: 'fitness equipment (missing letter)',
    expect: [every(10, { category: 'Fitness Equipment' })],
  },
  {
    query: 'messengre bagg',
    lang: 'en',
    kind: 'two-typos',
    intent: 'a messenger bag (swapped letters, doubled letter)',
    expect: [some(3, { name: 'Messenger' })],
  },
  {
    query: 'wndbreakr',
    lang: 'en',
    kind: 'two-typos',
    intent: 'a windbreaker (two missing letters)',
    expect: [every(5, { style: 'Windbreaker' })],
  },
  // Typed prefixes (the last word is still being typed).
  {
    query: 'j',
    lang: 'en',
    kind: 'prefix',
    intent: 'first letter of jacket, jump rope, Juno…',
    expect: [every(5, { wordPrefix: 'j' })],
  },
  {
    query: 'ja',
    lang: 'en',
    kind: 'prefix',
    intent: 'jacket, being typed',
    expect: [every(5, { wordPrefix: 'ja' }), some(5, { category: 'Jackets' })],
  },
  {
    query: 'hoo',
    lang: 'en',
    kind: 'prefix',
    intent: 'hoodie, being typed',
    expect: [some(3, { name: 'Hoodie' }), every(5, { wordPrefix: 'hoo' })],
  },
  {
    query: 'swea',
    lang: 'en',
    kind: 'prefix',
    intent: 'sweatshirt or sweatpants, being typed',
    expect: [every(5, { wordPrefix: 'swea' })],
  },
  {
    query: 'bac',
    lang: 'en',
    kind: 'prefix',
    intent: 'backpack, being typed',
    expect: [some(5, { name: 'Backpack' }), every(5, { wordPrefix: 'bac' })],
  },
  {
    query: 'mes',
    lang: 'en',
    kind: 'prefix',
    intent: 'messenger bag (or mesh), being typed',
    expect: [some(3, { name: 'Messenger' })],
  },
  {
    query: 'wa',
    lang: 'en',
    kind: 'prefix',
    intent: 'watch or water bottle, being typed',
    expect: [every(5, { wordPrefix: 'wa' })],
  },
  {
    query: 'br',
    lang: 'en',
    kind: 'prefix',
    intent: 'bra (or brick), being typed',
    expect: [every(5, { wordPrefix: 'br' })],
  },
  {
    query: 'tan',
    lang: 'en',
    kind: 'prefix',
    intent: 'tank, being typed',
    expect: [every(5, { name: 'Tank' })],
  },
  {
    query: 'yog',
    lang: 'en',
    kind: 'prefix',
    intent: 'yoga, being typed',
    expect: [every(5, { wordPrefix: 'yog' })],
  },
  {
    query: 'capr',
    lang: 'en',
    kind: 'prefix',
    intent: 'capri, being typed',
    expect: [every(5, { style: 'Capri' })],
  },
  {
    query: 'women jack',
    lang: 'en',
    kind: 'prefix',
    intent: "women's jackets, second word being typed",
    expect: [every(5, { gender: 'Women', category: 'Jackets' })],
  },
  {
    query: 'men sho',
    lang: 'en',
    kind: 'prefix',
    intent: "men's shorts, second word being typed",
    expect: [every(5, { gender: 'Men', category: 'Shorts' })],
  },
  {
    query: 'red hood',
    lang: 'en',
    kind: 'prefix',
    intent: 'a red hoodie, second word being typed',
    expect: [some(3, { name: 'Hoodie', color: 'Red' })],
  },
  {
    query: 'yoga p',
    lang: 'en',
    kind: 'prefix',
    intent: 'yoga pants, second word being typed',
    expect: [some(3, { name: 'Yoga Pant' })],
  },
  {
    query: 'montr',
    lang: 'fr',
    kind: 'prefix',
    intent: 'montre (watch), being typed',
    expect: [every(5, { category: 'Watches' })],
  },
  {
    query: 'deba',
    lang: 'fr',
    kind: 'prefix',
    intent: 'débardeur (tank top), being typed without the accent',
    expect: [every(5, { category: tanks })],
  },
  {
    query: 'pola',
    lang: 'fr',
    kind: 'prefix',
    intent: 'polaire (fleece), being typed',
    expect: [every(5, { material: 'Fleece' })],
  },
  {
    query: 'imper',
    lang: 'fr',
    kind: 'prefix',
    intent: 'imperméable (rain coat), being typed',
    expect: [every(5, { style: 'Rain Coat' })],
  },
  {
    query: 'rando',
    lang: 'fr',
    kind: 'prefix',
    // Four products are for hiking; a fifth hit one typo away (Lando) is fair.
    intent: 'randonnée (hiking), being typed',
    expect: [every(4, { activity: 'Hiking' })],
  },
  // Multi-word: noun and colour, gender, material, size or feature.
  {
    query: 'blue yoga short',
    lang: 'en',
    kind: 'multi-word',
    intent: 'yoga shorts in blue',
    expect: [some(3, { name: 'Yoga Short', color: 'Blue' })],
  },
  {
    query: 'black capri',
    lang: 'en',
    kind: 'multi-word',
    intent: 'capri pants in black',
    expect: [some(3, { style: 'Capri', color: 'Black' })],
  },
  {
    query: 'yellow tee women',
    lang: 'en',
    kind: 'multi-word',
    intent: "a women's tee in yellow",
    expect: [some(3, { category: 'Tees', gender: 'Women', color: 'Yellow' })],
  },
  {
    query: 'green jacket',
    lang: 'en',
    kind: 'multi-word',
    intent: 'a jacket in green',
    expect: [some(3, { category: 'Jackets', color: 'Green' })],
  },
  {
    query: 'orange hoodie men',
    lang: 'en',
    kind: 'multi-word',
    intent: "a men's hoodie in orange (the Chaz Kangeroo Hoodie)",
    expect: [some(3, { name: 'Hoodie', gender: 'Men', color: 'Orange' })],
  },
  {
    query: "women's capri",
    lang: 'en',
    kind: 'multi-word',
    intent: "women's capri pants, with the possessive",
    expect: [every(5, { gender: 'Women', style: 'Capri' })],
  },
  {
    query: 'womens jacket',
    lang: 'en',
    kind: 'multi-word',
    intent: "women's jackets, possessive without the apostrophe",
    expect: [every(5, { gender: 'Women', category: 'Jackets' })],
  },
  {
    query: 'mens tank',
    lang: 'en',
    kind: 'multi-word',
    intent: "men's tank tops",
    expect: [every(5, { gender: 'Men', category: 'Tanks' })],
  },
  {
    query: 'ladies jacket',
    lang: 'en',
    kind: 'multi-word',
    intent: 'women\'s jackets ("ladies" is the shopper\'s word for women)',
    expect: [every(5, { gender: 'Women', category: 'Jackets' })],
  },
  {
    query: 'wool hoodie',
    lang: 'en',
    kind: 'multi-word',
    intent: 'a hoodie made of wool',
    expect: [some(3, { name: 'Hoodie', material: 'Wool' })],
  },
  {
    query: 'leather bag',
    lang: 'en',
    kind: 'multi-word',
    intent: 'a bag with leather (Rival Field Messenger, Overnight Duffle)',
    expect: [some(3, { category: 'Bags', material: 'Leather' })],
  },
  {
    query: 'hemp pants',
    lang: 'en',
    kind: 'multi-word',
    intent: 'pants made with hemp',
    expect: [some(3, { category: 'Pants', material: 'Hemp' })],
  },
  {
    query: 'cotton shorts women',
    lang: 'en',
    kind: 'multi-word',
    intent: "women's shorts with cotton (organic or not)",
    expect: [every(5, { gender: 'Women', category: 'Shorts', material: anyCotton })],
  },
  {
    query: 'full zip hoodie',
    lang: 'en',
    kind: 'multi-word',
    intent: 'a full-zip hoodie (Daphne Full-Zip Hoodie, or a hoodie in the full zip style)',
    expect: [
      some(3, [{ ids: ['WH06'] }, { category: 'Hoodies & Sweatshirts', style: 'Full zip' }]),
    ],
  },
  {
    query: 'vneck tee',
    lang: 'en',
    kind: 'multi-word',
    intent: 'a V-neck tee, typed without the hyphen',
    expect: [some(3, { name: 'V-neck' })],
  },
  {
    query: 'crew neck tee',
    lang: 'en',
    kind: 'multi-word',
    intent: 'a crew-neck tee, typed with a space',
    expect: [some(3, { name: 'Crew-neck' })],
  },
  {
    query: 'short sleeve tee',
    lang: 'en',
    kind: 'multi-word',
    intent: 'a short-sleeve tee (Juliana Short-Sleeve Tee), not shorts',
    expect: [some(3, { ids: ['WS07'] })],
  },
  {
    query: 'yoga bag',
    lang: 'en',
    kind: 'multi-word',
    intent: 'a bag for yoga (Voyage Yoga Bag)',
    expect: [some(3, { ids: ['24-WB01'] })],
  },
  {
    query: 'shoulder bag',
    lang: 'en',
    kind: 'multi-word',
    intent: 'a shoulder bag (Strive Shoulder Pack, Savvy Shoulder Tote)',
    expect: [some(3, { ids: ['24-MB04', '24-WB05'] })],
  },
  {
    query: 'raincoat',
    lang: 'en',
    kind: 'multi-word',
    intent: 'a rain coat, typed as one word',
    expect: [every(5, { style: 'Rain Coat' })],
  },
  {
    query: 'sweat shirt',
    lang: 'en',
    kind: 'multi-word',
    intent: 'a sweatshirt, typed as two words',
    expect: [some(3, { name: 'Sweatshirt' })],
  },
  {
    query: 'back pack',
    lang: 'en',
    kind: 'multi-word',
    intent: 'a backpack, typed as two words',
    expect: [some(3, { name: 'Backpack' })],
  },
  {
    query: 'work out top',
    lang: 'en',
    kind: 'multi-word',
    intent: 'the Iris Workout Top, with the word split',
    expect: [some(3, { ids: ['WS03'] })],
    engineIssue:
      'ranking (typo criterion): the concatenation `work`+`out` → `workout` counts as one typo (split-concat.ts), so ' +
      'WS03 (name match, proximity 2) ranks 6th, under five tees and hoodies whose unordered description holds ' +
      '`work`, `out` and `top` as typed (0 typos, proximity 9–16). Fix: count a concatenation that matches a whole ' +
      'indexed word as 0 typos (or let attribute/proximity decide between a concatenation and description-only matches).',
  },
  {
    query: 'windbreaker jacket women',
    lang: 'en',
    kind: 'multi-word',
    intent: "a women's windbreaker jacket",
    expect: [every(4, { gender: 'Women', category: 'Jackets', style: 'Windbreaker' })],
  },
  {
    query: 'unisex watch',
    lang: 'en',
    kind: 'multi-word',
    intent: 'a watch for anyone (Summit Watch)',
    expect: [some(1, { ids: ['24-MG03'] })],
  },
  {
    query: 'girls',
    lang: 'en',
    kind: 'multi-word',
    intent: 'products for girls (water bottle, stasis balls)',
    expect: [every(5, { gender: 'Girls' })],
  },
  {
    query: 'jogger',
    lang: 'en',
    kind: 'multi-word',
    intent: 'joggers (sweatpants), in the singular',
    expect: [every(5, { style: 'Sweatpants' })],
  },
  // Brand-like and model names.
  {
    query: 'lumatech tee',
    lang: 'en',
    kind: 'brand',
    intent: 'a LumaTech™ tee (Ryker, Minerva)',
    expect: [some(3, { name: 'LumaTech', category: 'Tees' })],
  },
  {
    query: 'lumaflex band',
    lang: 'en',
    kind: 'brand',
    intent: 'a Lumaflex™ band',
    expect: [every(3, { ids: ['24-UG01', '24-UG02', '24-UG03'] })],
  },
  {
    query: 'cocona shorts',
    lang: 'en',
    kind: 'brand',
    // "shorts" is the plural of the "Short" of the Juliana Short-Sleeve Tee (Cocona too): it may rank among them.
    intent: 'shorts in Cocona® performance fabric',
    expect: [some(1, { category: 'Shorts', material: 'Cocona' })],
  },
  {
    query: 'evercool tank',
    lang: 'en',
    kind: 'brand',
    intent: 'a tank in EverCool™',
    expect: [some(3, { style: 'Tank', material: 'EverCool' })],
  },
  {
    query: 'heattec tee women',
    lang: 'en',
    kind: 'brand',
    intent: "a women's tee in HeatTec® (Gwyn, Desiree)",
    expect: [some(3, { ids: ['WS01', 'WS05'] })],
  },
  {
    query: 'heattech pullover',
    lang: 'en',
    kind: 'brand',
    intent: 'the Mars HeatTech™ Pullover',
    expect: [some(1, { ids: ['MJ10'] })],
  },
  {
    query: 'cooltech short',
    lang: 'en',
    kind: 'brand',
    intent: 'the Cobalt CoolTech™ Fitness Short (or shorts in CoolTech™)',
    expect: [some(3, { ids: ['MSH01'] })],
  },
  {
    query: 'breathe easy tank',
    lang: 'en',
    kind: 'brand',
    intent: 'the Breathe-Easy Tank, without the hyphen',
    expect: [some(1, { ids: ['WT09'] })],
  },
  {
    query: 'go getr',
    lang: 'en',
    kind: 'brand',
    intent: "the Go-Get'r Pushup Grips, without the punctuation",
    expect: [some(3, { ids: ['24-UG05'] })],
  },
  {
    query: 'push-up grips',
    lang: 'en',
    kind: 'brand',
    intent: "the Go-Get'r Pushup Grips, with a hyphen",
    expect: [some(3, { ids: ['24-UG05'] })],
  },
  // Numbers and sizes.
  {
    query: 'stasis ball 55',
    lang: 'en',
    kind: 'number',
    intent: 'the 55 cm stasis ball',
    expect: [some(1, { name: '55 cm' })],
  },
  {
    query: 'ball 65cm',
    lang: 'en',
    kind: 'number',
    intent: 'the 65 cm stasis ball, number and unit glued',
    expect: [some(1, { name: '65 cm' })],
  },
  {
    query: '10 foot yoga strap',
    lang: 'en',
    kind: 'number',
    intent: 'the 10 foot yoga strap',
    expect: [some(1, { ids: ['24-WG087'] })],
  },
  {
    query: '1/4 zip jacket',
    lang: 'en',
    kind: 'number',
    intent: 'a quarter-zip jacket (Olivia 1/4 Zip Light Jacket or a ¼ zip style)',
    expect: [some(3, [{ ids: ['WJ12'] }, { category: 'Jackets', style: '¼ zip' }])],
  },
  {
    query: 'shorts 28',
    lang: 'en',
    kind: 'number',
    intent: 'shorts in size 28 (women’s sizes)',
    expect: [every(5, { category: 'Shorts', size: '28' })],
  },
  {
    query: 'pants 34',
    lang: 'en',
    kind: 'number',
    intent: 'pants in size 34 (men’s sizes)',
    expect: [every(5, { gender: 'Men', size: '34' }), some(3, { category: 'Pants' })],
  },
  {
    query: 'tee XL',
    lang: 'en',
    kind: 'number',
    intent: 'a tee in XL',
    expect: [every(5, { category: 'Tees', size: 'XL' })],
  },
  {
    query: 'jacket size XS',
    lang: 'en',
    kind: 'number',
    intent: 'a jacket in XS ("size" names no value)',
    expect: [every(5, { category: 'Jackets', size: 'XS' })],
  },
  {
    query: 'pantalon homme noir taille 34',
    lang: 'fr',
    kind: 'number',
    intent: 'black men’s pants in size 34 ("taille" names no value)',
    expect: [some(3, { category: 'Pants', gender: 'Men', color: 'Black', size: '34' })],
  },
  // French: accents, feminine adjectives, elisions, plurals, words shoppers type.
  {
    query: 'vestes femme',
    lang: 'fr',
    kind: 'french',
    intent: "women's jackets",
    expect: [every(5, { gender: 'Women', category: 'Jackets' })],
  },
  {
    query: 'veste noire',
    lang: 'fr',
    kind: 'french',
    intent: 'a black jacket (feminine adjective)',
    expect: [some(3, { category: 'Jackets', color: 'Black' })],
  },
  {
    query: 'veste blanche',
    lang: 'fr',
    kind: 'french',
    intent: 'a white jacket (feminine "blanche" of "blanc")',
    expect: [some(3, { category: 'Jackets', color: 'White' })],
  },
  {
    query: 'sweat blanc',
    lang: 'fr',
    kind: 'french',
    intent: 'a white sweatshirt or hoodie',
    expect: [some(3, { category: 'Hoodies & Sweatshirts', color: 'White' })],
  },
  {
    query: 'short rouge homme',
    lang: 'fr',
    kind: 'french',
    intent: "men's shorts in red",
    expect: [some(3, { category: 'Shorts', gender: 'Men', color: 'Red' })],
  },
  {
    query: 'pantalon gris',
    lang: 'fr',
    kind: 'french',
    intent: 'gray pants',
    expect: [some(3, { category: 'Pants', color: 'Gray' })],
  },
  {
    query: 'débardeur jaune',
    lang: 'fr',
    kind: 'french',
    intent: 'a yellow tank top',
    expect: [some(3, { category: tanks, style: 'Tank', color: 'Yellow' })],
  },
  {
    query: 'brassieres',
    lang: 'fr',
    kind: 'french',
    intent: 'sports bras, plural without the accent',
    expect: [every(5, { category: 'Bras & Tanks' }), some(3, { style: 'Bra' })],
  },
  {
    query: 'montres femme',
    lang: 'fr',
    kind: 'french',
    intent: "women's watches",
    expect: [every(5, { category: 'Watches', gender: 'Women' })],
  },
  {
    query: 'sac a dos ecole',
    lang: 'fr',
    kind: 'french',
    intent: 'a school backpack, no accents',
    expect: [some(3, { style: 'Backpack', activity: 'School' })],
  },
  {
    query: 'sac bandoulière',
    lang: 'fr',
    kind: 'french',
    intent: 'a shoulder bag (shoulder pack, shoulder tote or messenger)',
    expect: [some(3, [{ ids: ['24-MB04', '24-WB05'] }, { style: 'Messenger' }])],
  },
  {
    query: 'montre numérique',
    lang: 'fr',
    kind: 'french',
    intent: 'a digital watch (Dash Digital Watch)',
    expect: [some(3, { ids: ['24-MG02'] })],
  },
  {
    query: 'montre analogique',
    lang: 'fr',
    kind: 'french',
    intent: 'an analog watch',
    expect: [some(3, { category: 'Watches', name: 'Analog' })],
  },
  {
    query: 't-shirt de course homme',
    lang: 'fr',
    kind: 'french',
    intent: "a men's running tee (Atomic Endurance Running Tee)",
    expect: [some(3, { ids: ['MS11', 'MS12'] })],
  },
  {
    query: 'coton biologique',
    lang: 'fr',
    kind: 'french',
    intent: 'organic cotton clothes ("bio" is the short form)',
    expect: [every(5, { material: 'Organic Cotton' })],
  },
  {
    query: 'tee-shirt manches longues',
    lang: 'fr',
    kind: 'french',
    intent: 'a long-sleeve tee (Deion Long-Sleeve EverCool™ Tee)',
    expect: [some(3, { ids: ['MS07'] })],
  },
  {
    query: 't-shirt manches courtes',
    lang: 'fr',
    kind: 'french',
    intent: 'a short-sleeve tee (Juliana Short-Sleeve Tee)',
    expect: [some(3, { ids: ['WS07'] })],
  },
  {
    query: 'short vélo',
    lang: 'fr',
    kind: 'french',
    intent: 'bike shorts (Gwen Drawstring Bike Short)',
    expect: [some(3, { ids: ['WSH03'] })],
  },
  {
    query: 'bouteille',
    lang: 'fr',
    kind: 'french',
    intent: 'a water bottle, the one word',
    expect: [some(3, { ids: ['24-UG06'] })],
  },
  {
    query: "l'élastique",
    lang: 'fr',
    kind: 'french',
    intent: 'a resistance band, with an elided article',
    expect: [some(3, { name: 'Band' })],
  },
  {
    query: "short d'entrainement",
    lang: 'fr',
    kind: 'french',
    intent: 'workout shorts, elision and no accent',
    expect: [every(5, { category: 'Shorts' })],
  },
  {
    query: 'métaux',
    lang: 'fr',
    kind: 'french',
    intent: 'metal products (plural in -aux of "métal")',
    expect: [every(3, { material: 'Metal' })],
  },
  {
    query: 'pull à capuche',
    lang: 'fr',
    kind: 'french',
    intent: 'a pullover hoodie',
    expect: [some(3, { category: 'Hoodies & Sweatshirts' })],
  },
  {
    query: 'gilet zippé',
    lang: 'fr',
    kind: 'french',
    intent: 'a zip-up top (full zip or quarter zip)',
    expect: [some(3, { style: ['Full zip', '¼ zip'] })],
  },
  {
    query: 'doudoune',
    lang: 'fr',
    kind: 'french',
    intent: 'a puffer jacket: the insulated jackets are the closest',
    expect: [some(3, { category: 'Jackets', style: 'Insulated' })],
  },
  {
    query: 'survetement',
    lang: 'fr',
    kind: 'french',
    intent: 'track pants, no accent',
    expect: [every(5, { style: 'Track Pants' })],
  },
  {
    query: 'jogging femme',
    lang: 'fr',
    kind: 'french',
    intent: "women's sweatpants",
    expect: [some(3, { gender: 'Women', style: 'Sweatpants' })],
  },
  {
    query: 'cabas',
    lang: 'fr',
    kind: 'french',
    intent: 'a tote bag',
    expect: [every(3, { style: 'Tote' })],
  },
  {
    query: 'bagage',
    lang: 'fr',
    kind: 'french',
    intent: 'luggage',
    expect: [every(2, { style: 'Luggage' })],
  },
  {
    query: 'montre homme cuir',
    lang: 'fr',
    kind: 'french',
    intent: "a men's watch with leather (Cruise Dual Analog Watch)",
    expect: [some(3, { ids: ['24-MG05'] })],
  },
  {
    query: 'soldes homme',
    lang: 'fr',
    kind: 'french',
    intent: "men's sale",
    expect: [every(3, { category: 'Men Sale' })],
  },
  {
    query: 'coups de coeur',
    lang: 'fr',
    kind: 'french',
    intent: "Erin's picks (label with the œ ligature)",
    expect: [every(5, { category: 'Erin Recommends' })],
  },
  {
    query: 'rayonne',
    lang: 'fr',
    kind: 'french',
    intent: 'rayon clothes',
    expect: [every(5, { material: 'Rayon' })],
  },
  {
    query: 'daim',
    lang: 'fr',
    kind: 'french',
    intent: 'suede (Rival Field Messenger)',
    expect: [some(1, { ids: ['24-MB06'] })],
  },
  {
    query: 'toile de jute',
    lang: 'fr',
    kind: 'french',
    intent: 'burlap (Fusion Backpack)',
    expect: [some(1, { ids: ['24-MB02'] })],
  },
  {
    query: 'acier',
    lang: 'fr',
    kind: 'french',
    intent: 'stainless steel (Luma Analog Watch)',
    expect: [some(1, { ids: ['24-WG09'] })],
  },
  {
    query: 'plein air',
    lang: 'fr',
    kind: 'french',
    intent: 'outdoor products',
    expect: [every(5, { activity: 'Outdoor' })],
  },
  {
    query: 'salle de sport',
    lang: 'fr',
    kind: 'french',
    intent: 'gym products',
    expect: [every(5, { activity: 'Gym' })],
  },
  {
    query: 'vestes coupe-vent homme',
    lang: 'fr',
    kind: 'french',
    intent: "men's windbreaker jackets",
    expect: [every(5, { gender: 'Men', category: 'Jackets', style: 'Windbreaker' })],
  },
  {
    query: 'haut de yoga femme',
    lang: 'fr',
    kind: 'french',
    intent: "a women's yoga top",
    expect: [some(3, { gender: 'Women', category: 'Tops', name: 'Yoga' })],
  },
  {
    query: 'veste à capuche homme',
    lang: 'fr',
    kind: 'french',
    intent: "a men's hooded jacket",
    expect: [some(3, { gender: 'Men', category: 'Jackets', style: 'Hooded' })],
  },
  {
    query: 'brassière de sport taille M',
    lang: 'fr',
    kind: 'french',
    intent: 'a sports bra in M',
    expect: [some(3, { style: 'Bra', size: 'M' })],
  },
  {
    query: 'poignées pompes',
    lang: 'fr',
    kind: 'french',
    intent: "push-up grips (Go-Get'r Pushup Grips)",
    expect: [some(3, { ids: ['24-UG05'] })],
  },
  // French with typos or a wrong accent.
  {
    query: 'vetse',
    lang: 'fr',
    kind: 'french-typo',
    intent: 'veste (swapped letters)',
    expect: [every(5, { category: 'Jackets' })],
  },
  {
    query: 'sweet à capuche',
    lang: 'fr',
    kind: 'french-typo',
    intent: 'a hoodie (sweat typed sweet)',
    expect: [some(3, { category: 'Hoodies & Sweatshirts' })],
  },
  {
    query: 'imperméble',
    lang: 'fr',
    kind: 'french-typo',
    intent: 'imperméable (missing letter)',
    expect: [every(5, { style: 'Rain Coat' })],
  },
  {
    query: 'ploaire',
    lang: 'fr',
    kind: 'french-typo',
    intent: 'polaire (swapped letters)',
    expect: [every(5, { material: 'Fleece' })],
  },
  {
    query: 'élasthane',
    lang: 'fr',
    kind: 'french-typo',
    intent: 'élasthanne (spandex), missing letter',
    expect: [every(5, { material: 'Spandex' })],
  },
  {
    query: 'brassiére',
    lang: 'fr',
    kind: 'french-typo',
    intent: 'brassière with the wrong accent',
    expect: [every(5, { category: 'Bras & Tanks' })],
  },
  {
    query: 'veste légére',
    lang: 'fr',
    kind: 'french-typo',
    intent: 'a light jacket (feminine, wrong accent)',
    expect: [some(3, { category: 'Jackets', style: 'Lightweight' })],
  },
  {
    query: 'pantallons femme',
    lang: 'fr',
    kind: 'french-typo',
    intent: "women's pants (doubled letter, plural)",
    expect: [every(5, { category: 'Pants', gender: 'Women' })],
  },
  // More French, mixed, spacing, case and punctuation.
  {
    query: 'vêste homme',
    lang: 'fr',
    kind: 'french-typo',
    intent: "a men's jacket, with a stray accent",
    expect: [every(5, { category: 'Jackets', gender: 'Men' })],
  },
  {
    query: 'survettement',
    lang: 'fr',
    kind: 'french-typo',
    intent: 'track pants (doubled letter, no accent)',
    expect: [every(5, { style: 'Track Pants' })],
  },
  {
    query: 'impermeabel',
    lang: 'fr',
    kind: 'french-typo',
    intent: 'imperméable (swapped letters, no accent)',
    expect: [every(5, { style: 'Rain Coat' })],
  },
  {
    query: 'pantal',
    lang: 'fr',
    kind: 'prefix',
    intent: 'pantalon, being typed',
    expect: [some(3, { category: 'Pants' })],
  },
  {
    query: 'eq',
    lang: 'fr',
    kind: 'prefix',
    intent: 'équipement (gear), two letters typed',
    expect: [every(5, { category: 'Gear' })],
  },
  {
    query: 'jakc',
    lang: 'en',
    kind: 'prefix',
    intent: 'jacket, being typed with two letters swapped',
    expect: [some(3, { category: 'Jackets' })],
  },
  {
    query: 'SAC A DOS',
    lang: 'fr',
    kind: 'french',
    intent: 'a backpack, typed in capitals',
    expect: [every(3, { style: 'Backpack' })],
  },
  {
    query: '  veste   femme  ',
    lang: 'fr',
    kind: 'french',
    intent: "a women's jacket, with stray spaces",
    expect: [every(5, { category: 'Jackets', gender: 'Women' })],
  },
  {
    query: 'hoodie!',
    lang: 'en',
    kind: 'multi-word',
    intent: 'a hoodie, with punctuation',
    expect: [some(3, { name: 'Hoodie' })],
  },
  {
    query: 'sac à dos randonnée',
    lang: 'fr',
    kind: 'french',
    intent: 'a hiking backpack',
    expect: [every(3, { style: 'Backpack', activity: 'Hiking' })],
  },
  {
    query: 'sac pour ordinateur',
    lang: 'fr',
    kind: 'french',
    intent: 'a laptop bag ("pour" is a stop word)',
    expect: [every(3, { category: 'Bags', style: 'Laptop' })],
  },
  {
    query: 'montre étanche',
    lang: 'fr',
    kind: 'french',
    intent: 'a water-resistant watch (Summit, Luma Analog, Bolo Sport)',
    expect: [some(3, { ids: ['24-MG03', '24-WG09', '24-WG01'] })],
  },
  {
    query: 'brassière noire',
    lang: 'fr',
    kind: 'french',
    intent: 'a black sports bra (feminine adjective)',
    expect: [some(3, { style: 'Bra', color: 'Black' })],
  },
  {
    query: 'débardeur violet femme',
    lang: 'fr',
    kind: 'french',
    intent: "a women's purple tank top",
    expect: [some(3, { style: 'Tank', gender: 'Women', color: 'Purple' })],
  },
  {
    query: 'veste homme xl',
    lang: 'fr',
    kind: 'number',
    intent: "a men's jacket in XL",
    expect: [every(5, { category: 'Jackets', gender: 'Men', size: 'XL' })],
  },
  {
    query: 'taille 28',
    lang: 'fr',
    kind: 'number',
    intent: 'anything in size 28 ("taille" names no value)',
    expect: [every(5, { size: '28' })],
  },
  {
    query: '65',
    lang: 'en',
    kind: 'number',
    intent: 'the 65 cm stasis balls',
    expect: [every(3, { name: '65 cm' })],
  },
  {
    query: 'veste running femme',
    lang: 'fr',
    kind: 'multi-word',
    intent: "a women's running jacket (Ingrid Running Jacket), French and English mixed",
    expect: [some(3, { ids: ['WJ04'] })],
  },
  {
    query: 'sport bra',
    lang: 'en',
    kind: 'multi-word',
    intent: 'a sports bra, "sport" in the singular',
    expect: [some(3, { ids: ['WB02', 'WB03'] })],
  },
  {
    query: 'tshirt femme',
    lang: 'fr',
    kind: 'french',
    intent: "a women's tee, tshirt typed without hyphen",
    expect: [every(5, { category: 'Tees', gender: 'Women' })],
  },
  {
    query: 'pantalon d’entraînement femme',
    lang: 'fr',
    kind: 'french',
    intent: "women's workout pants, typographic apostrophe (as phones type it)",
    expect: [some(3, { category: 'Pants', gender: 'Women' })],
  },
  {
    query: 'bouteille d’eau',
    lang: 'fr',
    kind: 'french',
    intent: 'a water bottle, typographic apostrophe',
    expect: [some(1, { ids: ['24-UG06'] })],
  },
  {
    query: 'gourdes',
    lang: 'fr',
    kind: 'french',
    intent: 'water bottles (plural of a synonym)',
    expect: [some(1, { ids: ['24-UG06'] })],
  },
  {
    query: 'corde a sauter',
    lang: 'fr',
    kind: 'french',
    intent: 'a jump rope, no accent on "à"',
    expect: [some(1, { ids: ['24-UG04'] })],
  },
  {
    query: 'soutien gorge',
    lang: 'fr',
    kind: 'french',
    intent: 'a bra, typed without the hyphen',
    expect: [some(3, { style: 'Bra' })],
  },
  {
    query: 'brassi',
    lang: 'fr',
    kind: 'prefix',
    intent: 'brassière, being typed',
    expect: [every(5, { category: 'Bras & Tanks' })],
  },
  {
    query: 'élas',
    lang: 'fr',
    kind: 'prefix',
    intent: 'élasthanne (spandex), being typed',
    expect: [every(5, { material: 'Spandex' })],
  },
  {
    query: 'veste à cap',
    lang: 'fr',
    kind: 'prefix',
    intent: 'a hooded jacket, last word being typed',
    expect: [some(3, { category: 'Jackets', style: 'Hooded' })],
  },
  {
    query: 'pantalon de jog',
    lang: 'fr',
    kind: 'prefix',
    intent: 'jogging pants, last word being typed',
    expect: [every(5, { style: 'Sweatpants' })],
  },
  {
    query: 'ÉQUIPEMENT',
    lang: 'fr',
    kind: 'french',
    intent: 'gear, typed in capitals with the accent',
    expect: [every(5, { category: 'Gear' })],
  },
  {
    query: 'jcaket',
    lang: 'en',
    kind: 'typo',
    intent: 'a jacket (second and third letters swapped)',
    expect: [some(3, { name: 'Jacket' })],
  },
  {
    query: 'yoga pnat',
    lang: 'en',
    kind: 'prefix',
    intent: 'yoga pants, last word mistyped',
    expect: [some(3, { name: 'Yoga Pant' })],
  },
  {
    query: 'sweatshirts hommes',
    lang: 'fr',
    kind: 'french',
    intent: "men's sweatshirts, both words plural",
    expect: [every(5, { category: 'Hoodies & Sweatshirts', gender: 'Men' })],
  },
  {
    query: 'tee-shirt manche longue',
    lang: 'fr',
    kind: 'french',
    intent: 'a long-sleeve tee, in the singular (the synonym is written in the plural)',
    expect: [some(3, { ids: ['MS07'] })],
  },
  // Nothing in the shop: an empty result is right.
  {
    query: 'chaussettes',
    lang: 'fr',
    kind: 'nonsense',
    intent: 'socks: the shop sells none',
    expect: [noHits],
  },
  {
    query: 'casquette',
    lang: 'fr',
    kind: 'nonsense',
    intent: 'a cap: the shop sells none',
    expect: [noHits],
  },
  {
    query: 'trottinette',
    lang: 'fr',
    kind: 'nonsense',
    intent: 'a scooter: the shop sells none',
    expect: [noHits],
  },
  {
    query: 'sunglasses',
    lang: 'en',
    kind: 'nonsense',
    intent: 'sunglasses: the shop sells none',
    expect: [noHits],
  },
  {
    query: 'chaussures de course',
    lang: 'fr',
    kind: 'nonsense',
    intent: 'running shoes: the shop sells none (the running gear must not answer for them)',
    expect: [noHits],
  },
  {
    query: 'ballon de plage',
    lang: 'fr',
    kind: 'nonsense',
    intent: 'a beach ball: the shop sells none',
    expect: [noHits],
  },
  {
    query: 'chemise',
    lang: 'fr',
    kind: 'nonsense',
    intent: 'a dress shirt: the shop sells none',
    expect: [noHits],
  },
  {
    query: 'chapeaux',
    lang: 'fr',
    kind: 'nonsense',
    intent: 'hats (plural in -eaux): the shop sells none',
    expect: [noHits],
  },
  {
    query: 'jeans',
    lang: 'en',
    kind: 'nonsense',
    intent: 'jeans: the shop sells none',
    expect: [noHits],
  },
  {
    query: 'qsdfghj',
    lang: 'en',
    kind: 'nonsense',
    intent: 'keyboard mash',
    expect: [noHits],
  },
];
