/**
 * Builds the returned hits of a page: the visible record, `_highlightResult`-style trees for strings, arrays and
 * nested objects, snippets, and ranking info. Only ever called for the documents of the returned page.
 */
import type { TokenizeOptions } from './analyze-text.ts';
import { type HighlightContext, type HighlightWord, highlightText } from './highlight.ts';
import type { IndexState } from './index-state.ts';
import { isRecordObject, valuesAtPath } from './record-paths.ts';
import { isPathListed, projectRecord } from './retrieve-attributes.ts';
import { parseSnippetEntry, snippetText } from './snippet.ts';
import type {
  HighlightTree,
  HighlightValue,
  IndexSettings,
  RankedHit,
  RankingInfo,
  SnippetValue,
} from './types.ts';

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
    camelCase: format.state.settings.camelCaseAttributes.some((attribute) =>
      isPathListed(path, [attribute]),
    ),
  };
}

function buildTree<TLeaf extends HighlightValue | SnippetValue>(
  value: unknown,
  leaf: (text: string) => TLeaf,
  restrictArrays: boolean,
): HighlightTree<TLeaf> | undefined {
  if (typeof value === 'string') return leaf(value);
  if (typeof value === 'number') return leaf(String(value));
  if (Array.isArray(value)) {
    const items = value.flatMap((item) => buildTree(item, leaf, restrictArrays) ?? []);
    return restrictArrays ? items.filter((item) => !isUnmatchedLeaf(item)) : items;
  }
  if (isRecordObject(value)) {
    const tree: Record<string, HighlightTree<TLeaf>> = {};
    for (const key of Object.keys(value)) {
      const child = buildTree(value[key], leaf, restrictArrays);
      if (child !== undefined) tree[key] = child;
    }
    return tree;
  }
  return undefined;
}

function isUnmatchedLeaf(item: unknown): boolean {
  return isRecordObject(item) && item['matchLevel'] === 'none';
}

/** Puts `tree` at the dot path `path` inside `target` (`specs.color` → `target.specs.color`). */
function setAtPath<TLeaf>(
  target: Record<string, HighlightTree<TLeaf>>,
  path: string,
  tree: HighlightTree<TLeaf>,
): void {
  const segments = path.split('.');
  let node: Record<string, HighlightTree<TLeaf>> = target;
  segments.forEach((segment, index) => {
    if (index === segments.length - 1) {
      node[segment] = tree;
      return;
    }
    const existing = node[segment];
    const next: Record<string, HighlightTree<TLeaf>> = isRecordObject(existing) &&
    !Array.isArray(existing)
      ? (existing as Record<string, HighlightTree<TLeaf>>)
      : {};
    node[segment] = next;
    node = next;
  });
}

function valueForPath(record: Readonly<Record<string, unknown>>, path: string): unknown {
  if (!path.includes('.')) return record[path];
  const values = valuesAtPath(record, path);
  return values.length === 1 ? values[0] : values;
}

/** The attribute paths highlighted by default or by `attributesToHighlight` (`*` = every attribute). */
export function highlightPaths(
  record: Readonly<Record<string, unknown>>,
  format: HitFormat,
): string[] {
  const listed = format.options.attributesToHighlight;
  const searchable = format.state.text.textSlots.map((slot) => slot.path);
  const everyAttribute = Object.keys(record).filter((key) => key !== 'objectID');
  let paths: readonly string[];
  if (listed === undefined)
    paths = format.state.settings.searchableAttributes.length === 0 ? everyAttribute : searchable;
  else paths = listed.includes('*') ? everyAttribute : listed;
  return [...new Set(paths)].filter((path) => !isPathListed(path, format.hiddenAttributes));
}

function highlightRecord(
  record: Readonly<Record<string, unknown>>,
  format: HitFormat,
  context: HighlightContext,
): Record<string, HighlightTree<HighlightValue>> {
  const result: Record<string, HighlightTree<HighlightValue>> = {};
  for (const path of highlightPaths(record, format)) {
    const options = tokenizeOptionsFor(path, format);
    const tree = buildTree(
      valueForPath(record, path),
      (text) => highlightText(text, context, options),
      format.options.restrictHighlightAndSnippetArrays,
    );
    if (tree !== undefined) setAtPath(result, path, tree);
  }
  return result;
}

function snippetRecord(
  record: Readonly<Record<string, unknown>>,
  format: HitFormat,
  context: HighlightContext,
): Record<string, HighlightTree<SnippetValue>> {
  const result: Record<string, HighlightTree<SnippetValue>> = {};
  for (const entry of format.options.attributesToSnippet) {
    const { path, words } = parseSnippetEntry(entry);
    const paths = path === '*' ? Object.keys(record).filter((key) => key !== 'objectID') : [path];
    for (const target of paths) {
      if (isPathListed(target, format.hiddenAttributes)) continue;
      const options = tokenizeOptionsFor(target, format);
      const ellipsis = format.options.snippetEllipsisText;
      const tree = buildTree(
        valueForPath(record, target),
        (text) => snippetText(text, context, words, ellipsis, options),
        format.options.restrictHighlightAndSnippetArrays,
      );
      if (tree !== undefined) setAtPath(result, target, tree);
    }
  }
  return result;
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
  const context: HighlightContext = {
    words: format.words,
    preTag: format.options.highlightPreTag,
    postTag: format.options.highlightPostTag,
  };
  const hit: {
    record: RankedHit['record'];
    highlight?: { readonly [attribute: string]: HighlightTree<HighlightValue> };
    snippet?: { readonly [attribute: string]: HighlightTree<SnippetValue> };
    rankingInfo?: RankingInfo;
    distinctSequence?: number;
  } = { record };
  if (!format.plain) {
    hit.highlight = highlightRecord(stored, format, context);
    if (format.options.attributesToSnippet.length > 0)
      hit.snippet = snippetRecord(stored, format, context);
  }
  if (format.rankingInfo !== undefined)
    hit.rankingInfo = format.rankingInfo(documentNumber, promoted);
  if (sequence !== undefined) hit.distinctSequence = sequence;
  return hit;
}
