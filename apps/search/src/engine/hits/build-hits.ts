/**
 * Builds the returned hits of a page: the visible record, `_highlightResult`-style trees for strings, arrays and
 * nested objects, snippets, and ranking info. Only ever called for the documents of the returned page.
 */

import type { IndexState } from '../index-state.ts';
import { isRecordObject, pickPaths } from '../records/record-paths.ts';
import type { TokenizeOptions } from '../text/analyze-text.ts';
import type {
  HighlightTree,
  HighlightValue,
  IndexSettings,
  RankedHit,
  RankingInfo,
  SnippetValue,
} from '../types.ts';
import { type HighlightContext, type HighlightWord, highlightText } from './highlight.ts';
import { isPathListed, projectRecord } from './retrieve-attributes.ts';
import { parseSnippetEntry, snippetText } from './snippet.ts';

/** Everything needed to format the hits of one search. */
export interface HitFormat {
  readonly state: IndexState;
  readonly options: IndexSettings;
  readonly words: readonly HighlightWord[];
  /** Skip highlighting and snippets (browse). */
  readonly plain: boolean;
  /** Unretrievable attributes to hide (`[]` when the caller may see them). */
  readonly hiddenAttributes: readonly string[];
  /** Ranking info of a document, when `getRankingInfo` is on. */
  readonly rankingInfo: ((documentNumber: number, promoted: boolean) => RankingInfo) | undefined;
}

function tokenizeOptionsFor(path: string, format: HitFormat): TokenizeOptions {
  return {
    separatorsToIndex: format.state.settings.separatorsToIndex,
    keepDiacriticsOnCharacters: format.state.settings.keepDiacriticsOnCharacters,
    camelCase: format.state.settings.camelCaseAttributes.some((attribute) =>
      isPathListed(path, [attribute]),
    ),
  };
}

/** How the leaves of one tree are made: `leaf(text, path)`, `path` being the leaf's dotted attribute path. */
interface TreeOptions<TLeaf> {
  readonly leaf: (text: string, path: string) => TLeaf;
  readonly restrictArrays: boolean;
  readonly hidden: readonly string[];
}

/**
 * The highlight / snippet tree of `value`, in the value's shape: strings and numbers become leaves, arrays stay
 * arrays (element by element, so `_highlightResult.editions[0].format` mirrors `record.editions[0].format`) and
 * objects stay objects.
 */
function buildTree<TLeaf extends HighlightValue | SnippetValue>(
  value: unknown,
  path: string,
  options: TreeOptions<TLeaf>,
): HighlightTree<TLeaf> | undefined {
  if (typeof value === 'string') return options.leaf(value, path);
  if (typeof value === 'number') return options.leaf(String(value), path);
  if (Array.isArray(value)) {
    const items: HighlightTree<TLeaf>[] = [];
    for (const item of value) {
      const tree = buildTree(item, path, options);
      if (tree !== undefined && !(options.restrictArrays && isUnmatched(tree))) items.push(tree);
    }
    return items;
  }
  if (isRecordObject(value)) {
    const tree: Record<string, HighlightTree<TLeaf>> = {};
    for (const key of Object.keys(value)) {
      const childPath = path === '' ? key : `${path}.${key}`;
      if (isPathListed(childPath, options.hidden)) continue;
      const child = buildTree(value[key], childPath, options);
      if (child !== undefined) tree[key] = child;
    }
    return tree;
  }
  return undefined;
}

/** True when no leaf of `tree` matched (a leaf: `matchLevel` none; an object or array item: all of its leaves). */
function isUnmatched(tree: unknown): boolean {
  if (Array.isArray(tree)) return tree.every(isUnmatched);
  if (!isRecordObject(tree)) return true;
  if (typeof tree['matchLevel'] === 'string') return tree['matchLevel'] === 'none';
  return Object.values(tree).every(isUnmatched);
}

/** The tree of the attributes `paths` of `record`, in the record's shape. */
function buildRecordTree<TLeaf extends HighlightValue | SnippetValue>(
  record: Readonly<Record<string, unknown>>,
  paths: readonly string[],
  options: TreeOptions<TLeaf>,
): Record<string, HighlightTree<TLeaf>> {
  const tree = buildTree(pickPaths(record, paths), '', options);
  return isRecordObject(tree) ? (tree as Record<string, HighlightTree<TLeaf>>) : {};
}

const noPaths: readonly string[] = [];
/**
 * The highlighted paths of the last search whose paths do not depend on the record, by the identities of the
 * lists they come from (computed once per search; one strong entry rather than a WeakMap keyed by per-search
 * objects: weak entries with short-lived keys make every minor GC slower).
 */
let sharedPaths:
  | {
      readonly listed: readonly string[] | undefined;
      readonly slots: readonly { readonly path: string }[];
      /** The text index appends slots as new attributes appear: the length tells a grown list. */
      readonly slotCount: number;
      readonly hidden: readonly string[];
      readonly paths: readonly string[];
    }
  | undefined;

/** The attribute paths highlighted by default or by `attributesToHighlight` (`*` = every attribute). */
function highlightPaths(
  record: Readonly<Record<string, unknown>>,
  format: HitFormat,
): readonly string[] {
  const listed = format.options.attributesToHighlight;
  // Nothing to highlight (`attributesToHighlight: []`): no per-hit work.
  if (listed !== undefined && listed.length === 0) return noPaths;
  const everyAttribute =
    listed === undefined
      ? format.state.settings.searchableAttributes.length === 0
      : listed.includes('*');
  if (everyAttribute)
    return visiblePaths(
      Object.keys(record).filter((key) => key !== 'objectID'),
      format,
    );
  const slots = format.state.text.textSlots;
  const hidden = format.hiddenAttributes;
  if (
    sharedPaths === undefined ||
    sharedPaths.listed !== listed ||
    sharedPaths.slots !== slots ||
    sharedPaths.slotCount !== slots.length ||
    sharedPaths.hidden !== hidden
  ) {
    const paths = visiblePaths(listed ?? slots.map((slot) => slot.path), format);
    sharedPaths = { listed, slots, slotCount: slots.length, hidden, paths };
  }
  return sharedPaths.paths;
}

function visiblePaths(paths: readonly string[], format: HitFormat): string[] {
  return [...new Set(paths)].filter((path) => !isPathListed(path, format.hiddenAttributes));
}

const noHighlight: Record<string, HighlightTree<HighlightValue>> = Object.freeze({});

function highlightRecord(
  record: Readonly<Record<string, unknown>>,
  format: HitFormat,
  context: HighlightContext,
): Record<string, HighlightTree<HighlightValue>> {
  const paths = highlightPaths(record, format);
  if (paths.length === 0) return noHighlight;
  return buildRecordTree(record, paths, {
    leaf: (text, path) => highlightText(text, context, tokenizeOptionsFor(path, format)),
    restrictArrays: format.options.restrictHighlightAndSnippetArrays,
    hidden: format.hiddenAttributes,
  });
}

function snippetRecord(
  record: Readonly<Record<string, unknown>>,
  format: HitFormat,
  context: HighlightContext,
): Record<string, HighlightTree<SnippetValue>> {
  const entries: { path: string; words: number }[] = [];
  for (const entry of format.options.attributesToSnippet) {
    const { path, words } = parseSnippetEntry(entry);
    const paths = path === '*' ? Object.keys(record).filter((key) => key !== 'objectID') : [path];
    for (const target of paths)
      if (!isPathListed(target, format.hiddenAttributes)) entries.push({ path: target, words });
  }
  const ellipsis = format.options.snippetEllipsisText;
  return buildRecordTree(
    record,
    entries.map((entry) => entry.path),
    {
      leaf: (text, path) => {
        // The last entry naming the leaf (or one of its ancestors) sets its length, as a later entry overrides.
        let words = 0;
        for (const entry of entries) if (isPathListed(path, [entry.path])) words = entry.words;
        return snippetText(text, context, words, ellipsis, tokenizeOptionsFor(path, format));
      },
      restrictArrays: format.options.restrictHighlightAndSnippetArrays,
      hidden: format.hiddenAttributes,
    },
  );
}

/**
 * Formats one hit.
 * @param sequence - position inside its distinct group, when distinct is on.
 * @param promoted - pinned by a rule.
 */
export function buildHit(
  documentNumber: number,
  format: HitFormat,
  sequence: number | undefined,
  promoted: boolean,
): RankedHit | undefined {
  const stored = format.state.documents.recordAt(documentNumber);
  if (stored === undefined) return undefined;
  const record = projectRecord(
    stored,
    format.options.attributesToRetrieve,
    format.hiddenAttributes,
  );
  let highlight: RankedHit['highlight'];
  let snippet: RankedHit['snippet'];
  if (!format.plain) {
    const context: HighlightContext = {
      words: format.words,
      preTag: format.options.highlightPreTag,
      postTag: format.options.highlightPostTag,
    };
    highlight = highlightRecord(stored, format, context);
    if (format.options.attributesToSnippet.length > 0)
      snippet = snippetRecord(stored, format, context);
  }
  // One object of one shape (adding the fields one by one would change its hidden class each time).
  const hit: RankedHit = {
    record,
    highlight,
    snippet,
    rankingInfo:
      format.rankingInfo === undefined ? undefined : format.rankingInfo(documentNumber, promoted),
    distinctSequence: sequence,
  };
  return hit;
}
