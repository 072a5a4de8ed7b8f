/**
 * The sorted word list seen as a trie, stored in flat typed arrays in preorder (which is the sorted order of the
 * words): node `n` is the prefix of length `depths[n]` of the word at sorted position `lows[n]`, the words of its
 * subtree are the sorted positions `[lows[n], highs[n])` and its subtree ends at node `nexts[n]`. The typo walk
 * (typo-match.ts) reads children and skips whole subtrees without any string comparison or allocation.
 */
export interface TermTrie {
  /** Number of nodes (the root, the empty prefix, is not stored). */
  readonly size: number;
  /** Last letter (UTF-16 code unit) of each node's prefix. */
  readonly letters: Uint16Array;
  /** The same letter as a dense number, 0 … `alphabet.size − 1` (the typo walk indexes per-letter masks with it). */
  readonly symbols: Uint16Array;
  /** Letter (code unit) → its dense number, for every letter of the dictionary. */
  readonly alphabet: ReadonlyMap<number, number>;
  /** Length of each node's prefix. */
  readonly depths: Uint16Array;
  /** First and past-the-end sorted positions of the words under each node. */
  readonly lows: Uint32Array;
  readonly highs: Uint32Array;
  /** The node after each node's subtree. */
  readonly nexts: Uint32Array;
  /** 1 when the node's prefix is itself a word (then it is the word at `lows[n]`). */
  readonly terminal: Uint8Array;
  /** Lengths of the shortest and the longest word under each node (the typo walk skips subtrees by length). */
  readonly shortest: Uint16Array;
  readonly longest: Uint16Array;
}

const tries = new WeakMap<readonly string[], TermTrie>();

/** The trie of `terms` (sorted in code-unit order), built once per array and cached. */
export function termTrie(terms: readonly string[]): TermTrie {
  let trie = tries.get(terms);
  if (trie === undefined) {
    trie = buildTrie(terms);
    tries.set(terms, trie);
  }
  return trie;
}

function buildTrie(terms: readonly string[]): TermTrie {
  let capacity = 0;
  let longestTerm = 0;
  for (const term of terms) {
    capacity += term.length;
    if (term.length > longestTerm) longestTerm = term.length;
  }
  const letters = new Uint16Array(capacity);
  const depths = new Uint16Array(capacity);
  const lows = new Uint32Array(capacity);
  const highs = new Uint32Array(capacity);
  const nexts = new Uint32Array(capacity);
  const terminal = new Uint8Array(capacity);
  const shortest = new Uint16Array(capacity).fill(0xffff);
  const longest = new Uint16Array(capacity);
  // open[d] = the node of depth d on the current path.
  const open = new Uint32Array(longestTerm + 1);
  let openDepth = 0;
  let size = 0;
  let previous = '';
  for (let position = 0; position < terms.length; position++) {
    const term = terms[position] ?? '';
    const shared = commonPrefixLength(previous, term);
    for (let depth = openDepth; depth > shared; depth--) {
      const node = open[depth] ?? 0;
      highs[node] = position;
      nexts[node] = size;
    }
    for (let depth = shared + 1; depth <= term.length; depth++) {
      letters[size] = term.charCodeAt(depth - 1);
      depths[size] = depth;
      lows[size] = position;
      terminal[size] = depth === term.length ? 1 : 0;
      open[depth] = size;
      size++;
    }
    for (let depth = 1; depth <= term.length; depth++) {
      const node = open[depth] ?? 0;
      if (term.length < (shortest[node] ?? 0)) shortest[node] = term.length;
      if (term.length > (longest[node] ?? 0)) longest[node] = term.length;
    }
    openDepth = term.length;
    previous = term;
  }
  for (let depth = openDepth; depth > 0; depth--) {
    const node = open[depth] ?? 0;
    highs[node] = terms.length;
    nexts[node] = size;
  }
  const alphabet = new Map<number, number>();
  const symbols = new Uint16Array(size);
  for (let node = 0; node < size; node++) {
    const letter = letters[node] ?? 0;
    let symbol = alphabet.get(letter);
    if (symbol === undefined) {
      symbol = alphabet.size;
      alphabet.set(letter, symbol);
    }
    symbols[node] = symbol;
  }
  return {
    size,
    letters: letters.slice(0, size),
    symbols,
    alphabet,
    depths: depths.slice(0, size),
    lows: lows.slice(0, size),
    highs: highs.slice(0, size),
    nexts: nexts.slice(0, size),
    terminal: terminal.slice(0, size),
    shortest: shortest.slice(0, size),
    longest: longest.slice(0, size),
  };
}

function commonPrefixLength(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  let index = 0;
  while (index < length && a.charCodeAt(index) === b.charCodeAt(index)) index++;
  return index;
}
