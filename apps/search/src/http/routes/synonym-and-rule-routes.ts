import type { FastifyInstance } from 'fastify';
import { searchRules, searchSynonyms } from '../../engine/index.ts';
import { ruleEntries, synonymEntries } from '../../indices/entry-writes.ts';
import { parseEntrySearch, parseRuleSearch } from '../../protocol/entry-search-wire.ts';
import { validateSynonym, validateSynonyms } from '../../protocol/synonym-wire.ts';
import { validateRule, validateRules } from '../../protocol/validate-rule.ts';
import type { RouteContext } from '../route-context.ts';
import { registerEntryRoutes } from './entry-routes.ts';

/** The synonym and rule endpoints, two instances of the same route set. */
export function registerSynonymAndRuleRoutes(app: FastifyInstance, context: RouteContext): void {
  registerEntryRoutes(app, context, {
    segment: 'synonyms',
    access: synonymEntries,
    replaceParam: 'replaceExistingSynonyms',
    savedIdField: 'id',
    notFoundMessage: 'Synonym set does not exist',
    validateOne: (input) => validateSynonym(input),
    validateMany: validateSynonyms,
    search: (entries, body) => {
      const { type, ...page } = parseEntrySearch(body);
      return searchSynonyms(entries, { ...page, ...(type === undefined ? {} : { type }) });
    },
  });
  registerEntryRoutes(app, context, {
    segment: 'rules',
    access: ruleEntries,
    replaceParam: 'clearExistingRules',
    savedIdField: 'objectID',
    notFoundMessage: 'ObjectID does not exist',
    validateOne: (input) => validateRule(input),
    validateMany: validateRules,
    search: (entries, body) => searchRules(entries, parseRuleSearch(body)),
  });
}
