/**
 * A caller mistake detected by the engine: facet-searching an attribute that is not `searchable()`, filtering on
 * an attribute that is not declared for faceting, a numeric operator an attribute does not allow, and so on.
 * `protocol/` maps it to an HTTP 400 whose message is `message` verbatim.
 */
export class QueryError extends Error {
  override readonly name = 'QueryError';
  /** The search parameter or setting at fault, e.g. `filters` or `facetQuery`. */
  readonly parameter: string;

  /**
   * @param parameter - the parameter at fault (Algolia's wire name, so the protocol layer can echo it).
   * @param message - a full sentence naming the parameter and the attribute.
   */
  constructor(parameter: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.parameter = parameter;
  }
}
