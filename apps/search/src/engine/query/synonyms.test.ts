import { describe, expect, it } from 'vitest';
import { SynonymTable } from './synonyms.ts';

describe('SynonymTable', () => {
  const table = new SynonymTable([
    { objectID: 's1', type: 'synonym', synonyms: ['tv', 'télévision', 'smart tv'] },
    { objectID: 's2', type: 'onewaysynonym', input: 'phone', synonyms: ['smartphone'] },
    { objectID: 's3', type: 'altcorrection1', word: 'choco', corrections: ['chocolat'] },
    { objectID: 's4', type: 'altcorrection2', word: 'chips', corrections: ['crisps'] },
    { objectID: 's5', type: 'placeholder', placeholder: '<brand>', replacements: ['lu', 'bn'] },
  ]);

  it('is multi-way for synonyms, with folded multi-word expressions', () => {
    expect(table.alternatives(['tv']).map((a) => a.words)).toEqual([
      ['television'],
      ['smart', 'tv'],
    ]);
    expect(table.alternatives(['smart', 'tv']).map((a) => a.words)).toEqual([
      ['tv'],
      ['television'],
    ]);
    expect(table.maxInputWords).toBe(2);
  });

  it('is one-way for onewaysynonym', () => {
    expect(table.alternatives(['phone'])).toEqual([
      { words: ['smartphone'], typos: 0, kind: 'synonym' },
    ]);
    expect(table.alternatives(['smartphone'])).toEqual([]);
  });

  it('counts alternative corrections as typos', () => {
    expect(table.alternatives(['choco'])).toEqual([
      { words: ['chocolat'], typos: 1, kind: 'altcorrection' },
    ]);
    expect(table.alternatives(['chips'])[0]?.typos).toBe(2);
  });

  it('maps placeholder replacements to the placeholder word', () => {
    expect(table.alternatives(['lu'])).toEqual([
      { words: ['brand'], typos: 0, kind: 'placeholder' },
    ]);
  });
});
