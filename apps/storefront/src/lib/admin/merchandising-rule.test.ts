import { describe, expect, it } from 'vitest';
import { type RuleDraft, ruleDraftSchema, toQueryRule } from './merchandising-rule.ts';
import { fromQueryRule } from './read-query-rule.ts';

function draft(fields: Record<string, unknown>): RuleDraft {
  return ruleDraftSchema.parse({
    trigger: { kind: 'query', query: 'jacket', anchoring: 'is' },
    ...fields,
  });
}

describe('a merchandising rule saved as an Algolia query rule', () => {
  it('pins, hides, boosts, buries, shows a bilingual banner, redirects and orders facets', () => {
    const rule = toQueryRule(
      draft({
        pins: [
          { objectID: 'MJ01-Black', position: 0 },
          { objectID: 'WJ06-Blue', position: 2 },
        ],
        hidden: ['MJ02-Red'],
        boosts: [{ attribute: 'brand', value: 'Luma' }],
        buries: [{ attribute: 'sale', value: 'true' }],
        banner: {
          title: { en: 'Rain ready', fr: 'Paré pour la pluie' },
          text: { en: 'New jackets', fr: '' },
          linkText: { en: '', fr: '' },
          link: '/category/men/tops/jackets',
          image: '',
        },
        redirect: '',
        facetOrder: ['colors', 'price'],
        validity: { from: '2026-12-01T00:00', until: '2026-12-31T23:59' },
      }),
      'rule-1',
    );
    expect(rule).toEqual({
      objectID: 'rule-1',
      enabled: true,
      conditions: [{ pattern: 'jacket', anchoring: 'is' }],
      consequence: {
        params: {
          optionalFilters: ['brand:Luma', 'sale:-true'],
          renderingContent: { facetOrdering: { facets: { order: ['colors', 'price'] } } },
        },
        promote: [
          { objectID: 'MJ01-Black', position: 0 },
          { objectID: 'WJ06-Blue', position: 2 },
        ],
        hide: [{ objectID: 'MJ02-Red' }],
        userData: {
          title: { en: 'Rain ready', fr: 'Paré pour la pluie' },
          text: { en: 'New jackets' },
          link: '/category/men/tops/jackets',
        },
      },
      validity: [{ from: 1_796_083_200, until: 1_798_761_540 }],
    });
  });

  it('reads back what it saved, and keeps what the console does not edit', () => {
    const original = draft({
      pins: [{ objectID: 'MJ01-Black', position: 0 }],
      redirect: 'https://example.com/sale',
      validity: { from: '2026-12-01T00:00', until: '2026-12-31T23:59' },
    });
    const saved = toQueryRule(original, 'rule-1');
    saved['tags'] = ['visual-editor'];
    (saved.consequence as Record<string, unknown>)['filterPromotes'] = true;
    const { draft: read, editable } = fromQueryRule(saved);
    expect(editable).toBe(true);
    expect(read.pins).toEqual(original.pins);
    expect(read.redirect).toBe('https://example.com/sale');
    expect(read.validity).toEqual(original.validity);
    expect(toQueryRule(read, 'rule-1')).toEqual(saved);
  });

  it('requires the preview context in the preview’s copy, enabled and without dates', () => {
    const rule = toQueryRule(
      draft({
        enabled: false,
        validity: { from: '2030-01-01T00:00', until: '2030-02-01T00:00' },
      }),
      'console-preview-x',
      'console-preview-x',
    );
    expect(rule.conditions).toEqual([
      { pattern: 'jacket', anchoring: 'is', context: 'console-preview-x' },
    ]);
    expect(rule.enabled).toBe(true);
    expect(rule.validity).toBeUndefined();
  });

  it('turns a category page into a condition on its hierarchical filter', () => {
    const rule = toQueryRule(
      draft({ trigger: { kind: 'category', category: 'Men > Tops > Jackets' } }),
      'rule-2',
    );
    expect(rule.conditions).toEqual([
      { filters: 'hierarchicalCategories.lvl2:"Men > Tops > Jackets"' },
    ]);
    expect(fromQueryRule(rule).draft.trigger).toEqual({
      kind: 'category',
      category: 'Men > Tops > Jackets',
    });
  });

  it('shows a rule with a trigger it cannot edit in words only', () => {
    const { editable } = fromQueryRule({
      objectID: 'r',
      conditions: [{ pattern: 'tv', anchoring: 'is', context: 'mobile' }],
      consequence: {},
    });
    expect(editable).toBe(false);
  });
});

describe('what a merchant may type into a rule', () => {
  const banner = (link: string, image = '') => ({
    title: { en: 'Sale', fr: 'Soldes' },
    text: { en: '', fr: '' },
    linkText: { en: '', fr: '' },
    link,
    image,
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://example.com',
    '//evil.example',
    '/\\evil.example',
    'vbscript:msgbox',
    '/path"onmouseover="alert(1)',
  ])('refuses the link %s', (link) => {
    const parsed = ruleDraftSchema.safeParse({
      trigger: { kind: 'query', query: 'jacket' },
      banner: banner(link),
    });
    expect(parsed.success).toBe(false);
    expect(
      ruleDraftSchema.safeParse({ trigger: { kind: 'query', query: 'jacket' }, redirect: link })
        .success,
    ).toBe(false);
    expect(
      ruleDraftSchema.safeParse({
        trigger: { kind: 'query', query: 'jacket' },
        banner: banner('', link),
      }).success,
    ).toBe(false);
  });

  it.each([
    'https://example.com/sale',
    '/category/men/tops/jackets',
    '/categorie/homme?color=Black',
  ])('accepts the link %s', (link) => {
    expect(
      ruleDraftSchema.safeParse({
        trigger: { kind: 'query', query: 'jacket' },
        banner: banner(link, link),
        redirect: link,
      }).success,
    ).toBe(true);
  });

  it('names the field and the problem of a bad draft', () => {
    const parsed = ruleDraftSchema.safeParse({
      trigger: { kind: 'query', query: '' },
      pins: [{ objectID: 'a b', position: -1 }],
    });
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['trigger.query', 'pins.0.objectID', 'pins.0.position']),
    );
  });

  it('refuses dates whose end comes before their start', () => {
    expect(
      ruleDraftSchema.safeParse({
        trigger: { kind: 'query', query: 'jacket' },
        validity: { from: '2026-12-31T00:00', until: '2026-12-01T00:00' },
      }).success,
    ).toBe(false);
  });
});
