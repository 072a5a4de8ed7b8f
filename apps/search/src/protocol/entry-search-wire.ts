/** Bodies of `synonyms/search` and `rules/search` (docs/api.md §2.9). */

import type { RuleSearch } from '../engine/index.ts';
import { anchorings } from '../engine/index.ts';
import type { RawParams } from './decode-params.ts';
import { readBoolean, readEnum, readInteger, readString } from './read-param.ts';

/** A synonym search: text, optional comma-separated types, page (0-based) and page size (1–1,000, default 100). */
export interface EntrySearch {
  readonly query: string;
  readonly type: string | undefined;
  readonly page: number;
  readonly hitsPerPage: number;
}

/**
 * `{ "query": "tv", "type": "synonym", "page": 0, "hitsPerPage": 100 }` → the same, with defaults
 * `query: ''`, `page: 0`, `hitsPerPage: 100`.
 * @throws SearchApiError 400 naming the field.
 */
export function parseEntrySearch(body: RawParams): EntrySearch {
  return {
    query: body['query'] == null ? '' : readString(body['query'], 'query'),
    type: body['type'] == null ? undefined : readString(body['type'], 'type'),
    page: body['page'] == null ? 0 : readInteger(body['page'], 'page', 0, 1_000_000),
    hitsPerPage:
      body['hitsPerPage'] == null ? 100 : readInteger(body['hitsPerPage'], 'hitsPerPage', 1, 1000),
  };
}

/** The rule search: `anchoring`, `context` and `enabled` (`null` = both) on top of the common fields. */
export function parseRuleSearch(body: RawParams): RuleSearch {
  const { type: _type, ...common } = parseEntrySearch(body);
  return {
    ...common,
    hitsPerPage: body['hitsPerPage'] == null ? 20 : common.hitsPerPage,
    ...(body['anchoring'] == null
      ? {}
      : { anchoring: readEnum(body['anchoring'], 'anchoring', anchorings) }),
    ...(body['context'] == null ? {} : { context: readString(body['context'], 'context') }),
    ...(body['enabled'] == null ? {} : { enabled: readBoolean(body['enabled'], 'enabled') }),
  };
}
