import { describe, expect, it } from 'vitest';
import { ruleRedirectOf } from './rule-redirect.ts';

const answer = (renderingContent: unknown) => ({
  initialResults: { products: { results: [{ renderingContent }] } },
});

describe("a query rule's redirect on the search page", () => {
  it('sends the shopper to the https address or shop path the rule names', () => {
    expect(
      ruleRedirectOf(answer({ redirect: { url: 'https://example.com/sale' } }), 'products'),
    ).toBe('https://example.com/sale');
    expect(ruleRedirectOf(answer({ redirect: { url: '/category/sale' } }), 'products')).toBe(
      '/category/sale',
    );
  });

  it('ignores a script, plain-http or other-site address, and answers without a redirect', () => {
    for (const url of ['javascript:alert(1)', 'http://example.com', '//evil.example', 42])
      expect(ruleRedirectOf(answer({ redirect: { url } }), 'products')).toBeUndefined();
    expect(ruleRedirectOf(answer({ facetOrdering: {} }), 'products')).toBeUndefined();
    expect(ruleRedirectOf(answer(undefined), 'products')).toBeUndefined();
    expect(ruleRedirectOf({ initialResults: {} }, 'products')).toBeUndefined();
  });
});
