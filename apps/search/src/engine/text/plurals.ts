/**
 * Singular and plural forms for `ignorePlurals` (English and French), computed by rules rather than a
 * dictionary: EN `-s`, `-es`, `-ies` and a few irregulars; FR `-s`, `-x`, `-aux` ⇄ `-al`, `-eaux`, `-eux`.
 * The forms only need to be plausible: a form that is not a real word simply matches nothing in the index.
 */

const englishIrregular: ReadonlyArray<readonly [string, string]> = [
  ['man', 'men'],
  ['woman', 'women'],
  ['child', 'children'],
  ['foot', 'feet'],
  ['tooth', 'teeth'],
  ['mouse', 'mice'],
  ['person', 'people'],
  ['knife', 'knives'],
  ['leaf', 'leaves'],
];

const frenchOuxPlurals: ReadonlySet<string> = new Set([
  'bijou',
  'caillou',
  'chou',
  'genou',
  'hibou',
  'joujou',
  'pou',
]);

function englishForms(word: string, out: Set<string>): void {
  for (let i = 0; i < englishIrregular.length; i++) {
    const pair = englishIrregular[i] as readonly [string, string];
    if (word === pair[0]) out.add(pair[1]);
    if (word === pair[1]) out.add(pair[0]);
  }
  const singulars = [word];
  if (word.length > 4 && word.endsWith('ies')) singulars.push(`${word.slice(0, -3)}y`);
  if (/(s|x|z|ch|sh)es$/.test(word)) singulars.push(word.slice(0, -2));
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss'))
    singulars.push(word.slice(0, -1));
  for (const singular of singulars) {
    out.add(singular);
    if (/[^aeiou]y$/.test(singular)) out.add(`${singular.slice(0, -1)}ies`);
    else if (/(s|x|z|ch|sh)$/.test(singular)) out.add(`${singular}es`);
    else out.add(`${singular}s`);
  }
}

function frenchForms(word: string, out: Set<string>): void {
  const singulars = [word];
  if (word.length > 4 && word.endsWith('aux')) singulars.push(`${word.slice(0, -3)}al`);
  if (word.length > 2 && (word.endsWith('s') || word.endsWith('x')))
    singulars.push(word.slice(0, -1));
  for (const singular of singulars) {
    out.add(singular);
    if (singular.endsWith('al')) out.add(`${singular.slice(0, -2)}aux`);
    if (/(eau|eu|au)$/.test(singular) || frenchOuxPlurals.has(singular)) out.add(`${singular}x`);
    else if (!/[sxz]$/.test(singular)) out.add(`${singular}s`);
  }
}

/**
 * Other forms of `word` (folded) in `languages`, without `word` itself: `boxes` → `box`; `city` → `cities`;
 * `chevaux` → `cheval`; `jeu` → `jeux`.
 * @param languages - `en` and/or `fr`; other codes are ignored.
 */
export function pluralForms(word: string, languages: readonly string[]): readonly string[] {
  if (/^\d+$/.test(word) || word.length < 2) return noForms;
  const english = languages.includes('en');
  const french = languages.includes('fr');
  if (!english && !french) return noForms;
  const key = `${english ? 'e' : ''}${french ? 'f' : ''}:${word}`;
  let cached = formsCache.get(key);
  if (cached === undefined) {
    const forms = new Set<string>();
    if (english) englishForms(word, forms);
    if (french) frenchForms(word, forms);
    forms.delete(word);
    cached = [...forms];
    if (formsCache.size >= formsCacheSize) formsCache.clear();
    formsCache.set(key, cached);
  }
  return cached;
}

/** `word` followed by its other forms in `languages`: `box` → `['box', 'boxes']`. */
export function withPluralForms(word: string, languages: readonly string[]): string[] {
  return [word, ...pluralForms(word, languages)];
}

const noForms: readonly string[] = [];
/** The forms of the words searched lately: every search asks for its words' forms again. */
const formsCache = new Map<string, readonly string[]>();
const formsCacheSize = 4096;
