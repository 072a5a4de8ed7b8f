import { describe, expect, it } from 'vitest';
import { storedCategoryPath } from './catalogue-http.ts';

describe('the catalogue list’s category filter', () => {
  it('reads a path typed in French or English, in any case, as the store holds it', () => {
    expect(storedCategoryPath('Femme > Hauts > Vestes')).toBe('Women > Tops > Jackets');
    expect(storedCategoryPath('homme>hauts')).toBe('Men > Tops');
    expect(storedCategoryPath('Men > To')).toBe('Men > To');
    expect(storedCategoryPath('')).toBe('');
  });
});
