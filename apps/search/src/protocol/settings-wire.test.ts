import { describe, expect, it } from 'vitest';
import { formatSettings, parseSettingsUpdate, toEngineSettings } from './settings-wire.ts';

describe('parseSettingsUpdate', () => {
  it('keeps search-parameter settings as sent, and hands the engine their normalized form', () => {
    const { set } = parseSettingsUpdate({
      distinct: true,
      typoTolerance: 'false',
      hitsPerPage: 12,
    });
    expect(set).toEqual({ distinct: true, typoTolerance: 'false', hitsPerPage: 12 });
    expect(formatSettings(set)).toMatchObject({ distinct: true, typoTolerance: 'false' });
    expect(toEngineSettings(set)).toMatchObject({
      distinct: 1,
      typoTolerance: false,
      hitsPerPage: 12,
    });
  });

  it('hands advancedSyntaxFeatures to the engine and rejects unknown features', () => {
    const { set } = parseSettingsUpdate({ advancedSyntaxFeatures: ['exactPhrase'] });
    expect(formatSettings(set)).toMatchObject({ advancedSyntaxFeatures: ['exactPhrase'] });
    expect(toEngineSettings(set)).toMatchObject({ advancedSyntaxFeatures: ['exactPhrase'] });
    expect(() => parseSettingsUpdate({ advancedSyntaxFeatures: ['exactWords'] })).toThrow(
      'advancedSyntaxFeatures must be one of exactPhrase, excludeWords',
    );
  });

  it('refuses a bad alternativesAsExact on write, but loads one stored by an earlier, laxer version', () => {
    expect(() => parseSettingsUpdate({ alternativesAsExact: ['singleWordSynonyms'] })).toThrow(
      'alternativesAsExact must be one of',
    );
    // An index saved before the check existed: its other settings still reach the engine, this one falls back.
    const stored = { alternativesAsExact: ['ignorePlurals', 'singleWordSynonyms'], hitsPerPage: 7 };
    const engine = toEngineSettings(stored);
    expect(engine).toEqual({ hitsPerPage: 7 });
    expect(formatSettings(stored)).toMatchObject(stored);
  });

  it('accepts every documented modifier of the attribute-list settings', () => {
    const settings = {
      searchableAttributes: ['title', 'unordered(brand.name)', 'name, description'],
      attributesForFaceting: [
        'brand',
        'searchable(brand.name)',
        'filterOnly(sku)',
        'afterDistinct(color)',
        'afterDistinct(searchable(size))',
      ],
      customRanking: ['desc(stats.sales)', 'asc(price)'],
      ranking: [
        'asc(price)',
        'typo',
        'geo',
        'words',
        'filters',
        'proximity',
        'attribute',
        'exact',
        'custom',
      ],
      numericAttributesForFiltering: ['price', 'equalOnly(specs.size)'],
    };
    expect(parseSettingsUpdate(settings).set).toEqual(settings);
  });

  it.each([
    [
      { customRanking: ['price'] },
      /^Invalid value "price" in customRanking: expected asc\(attribute\) or desc\(attribute\)$/,
    ],
    [{ customRanking: ['top(price)'] }, /customRanking/],
    [{ ranking: ['typo', 'bogus'] }, /Invalid value "bogus" in ranking/],
    [
      { attributesForFaceting: ['filterOnly(searchable(x))'] },
      /filterOnly\(\) and searchable\(\) cannot be combined/,
    ],
    [{ attributesForFaceting: ['sortable(x)'] }, /unknown modifier sortable\(\)/],
    [{ attributesForFaceting: ['searchable()'] }, /attribute name is empty/],
    [{ searchableAttributes: ['unordered(title'] }, /unexpected parenthesis/],
    [{ numericAttributesForFiltering: ['rangeOnly(price)'] }, /unknown modifier rangeOnly\(\)/],
  ])('rejects %j with a 400 naming the setting and the entry', (body, message) => {
    expect(() => parseSettingsUpdate(body)).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringMatching(message) }),
    );
  });
});
