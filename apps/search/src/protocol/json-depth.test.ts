import { describe, expect, it } from 'vitest';
import { assertJsonDepth, maxJsonDepth } from './json-depth.ts';

describe('assertJsonDepth', () => {
  it('accepts JSON up to the limit and refuses one level more', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(() => assertJsonDepth(nested(maxJsonDepth), 'body')).not.toThrow();
    expect(() => assertJsonDepth(nested(maxJsonDepth + 1), 'body')).toThrow(
      'body nests arrays and objects more than 100 levels deep',
    );
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: '['.repeat(500), b: `\\"${'{'.repeat(500)}`, c: ['"[['] });
    expect(() => assertJsonDepth(text, 'body')).not.toThrow();
  });

  it('counts depth, not the number of brackets', () => {
    const wide = `[${Array.from({ length: 5_000 }, () => '{"a":[1]}').join(',')}]`;
    expect(() => assertJsonDepth(wide, 'body')).not.toThrow();
  });
});
