/**
 * Character folding shared by indexing, query parsing, highlighting and facet-value search: case fold, Unicode
 * NFKD with combining marks removed, and the ligatures NFKD keeps (`œ`→`oe`, `æ`→`ae`, `ß`→`ss`, `ø`→`o`…).
 * Results are cached per code point, so the hot path is one array read for ASCII and one Map read otherwise.
 */

const ligatures: Readonly<Record<string, string>> = {
  œ: 'oe',
  æ: 'ae',
  ß: 'ss',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

const wordCharacter = /^[\p{L}\p{N}]+$/u;
const combiningMarks = /\p{M}/gu;

/** Folded form of every ASCII code point (letters lower-cased, others unchanged). */
const asciiFolded: readonly string[] = Array.from({ length: 128 }, (_, code) =>
  String.fromCharCode(code).toLowerCase(),
);
const asciiIsWord: readonly boolean[] = Array.from({ length: 128 }, (_, code) =>
  wordCharacter.test(String.fromCharCode(code)),
);

const foldCache = new Map<number, string>();
const wordCache = new Map<number, boolean>();

function foldSlow(codePoint: number): string {
  let folded = String.fromCodePoint(codePoint)
    .toLowerCase()
    .normalize('NFKD')
    .replace(combiningMarks, '');
  let mapped = '';
  for (const character of folded) mapped += ligatures[character] ?? character;
  folded = mapped;
  return folded;
}

/**
 * Folds one code point: `É` → `e`, `Œ` → `oe`, `ﬁ` → `fi`, a combining accent → `` (empty).
 * @param codePoint - any Unicode code point.
 */
export function foldCodePoint(codePoint: number): string {
  if (codePoint < 128) return asciiFolded[codePoint] ?? '';
  let folded = foldCache.get(codePoint);
  if (folded === undefined) {
    folded = foldSlow(codePoint);
    foldCache.set(codePoint, folded);
  }
  return folded;
}

/**
 * Folds one code point like {@link foldCodePoint}, except that a character listed in `keep` (the
 * `keepDiacriticsOnCharacters` setting, compared case-insensitively) is only lower-cased:
 * with `keep = "é"`, `É` → `é` while `è` → `e`.
 * @param keep - the characters to keep, as set (any case); `""` = fold everything.
 */
export function foldCodePointKeeping(codePoint: number, keep: string): string {
  if (codePoint < 128 || keep === '') return foldCodePoint(codePoint);
  const lower = String.fromCodePoint(codePoint).toLowerCase().normalize('NFC');
  return keptCharacters(keep).has(lower) ? lower : foldCodePoint(codePoint);
}

const keptSets = new Map<string, ReadonlySet<string>>();

/** The lower-cased, composed characters of a `keepDiacriticsOnCharacters` value (cached per value). */
function keptCharacters(keep: string): ReadonlySet<string> {
  let kept = keptSets.get(keep);
  if (kept === undefined) {
    kept = new Set(keep.normalize('NFC').toLowerCase());
    if (keptSets.size > 64) keptSets.clear();
    keptSets.set(keep, kept);
  }
  return kept;
}

/**
 * True when the code point folds to letters or digits only (it belongs inside a word).
 * @param codePoint - any Unicode code point.
 */
export function isWordCodePoint(codePoint: number): boolean {
  if (codePoint < 128) return asciiIsWord[codePoint] ?? false;
  let isWord = wordCache.get(codePoint);
  if (isWord === undefined) {
    const folded = foldCodePoint(codePoint);
    isWord = folded.length > 0 && wordCharacter.test(folded);
    wordCache.set(codePoint, isWord);
  }
  return isWord;
}

const fractionSlash = '\u2044';
const fractionCache = new Map<number, readonly string[] | undefined>();

/**
 * The numbers a vulgar fraction is written with (`¼` → `1`, `4`; `⅒` → `1`, `10`), or undefined for any other
 * code point. NFKD spells a fraction with the fraction slash (`1⁄4`), which is no word character, so without
 * this the glyph would be a separator and vanish from records and queries alike: `¼ zip` would search `zip`.
 */
export function fractionParts(codePoint: number): readonly string[] | undefined {
  if (codePoint < 128) return undefined;
  if (fractionCache.has(codePoint)) return fractionCache.get(codePoint);
  const folded = foldCodePoint(codePoint);
  const parts = folded.includes(fractionSlash)
    ? folded.split(fractionSlash).filter((part) => part !== '')
    : [];
  const numbers =
    parts.length > 0 && parts.every((part) => /^\p{N}+$/u.test(part)) ? parts : undefined;
  fractionCache.set(codePoint, numbers);
  return numbers;
}

/**
 * Folds a whole string (case, accents, ligatures) without splitting it: `Crème Brûlée` → `creme brulee`.
 * Used for facet values and synonym entries.
 */
export function foldText(text: string): string {
  let folded = '';
  for (let index = 0; index < text.length; index++) {
    const codePoint = text.codePointAt(index) ?? 0;
    if (codePoint > 0xffff) index++;
    folded += foldCodePoint(codePoint);
  }
  return folded;
}
