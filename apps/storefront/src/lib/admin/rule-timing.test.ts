import { describe, expect, it } from 'vitest';
import { appliesNow, ruleTiming } from './rule-timing.ts';

const at = (iso: string) => Date.parse(`${iso}Z`);
const christmas = { from: '2026-12-24T00:00', until: '2026-12-27T00:00' };

describe('when shoppers see a rule', () => {
  it('tells a rule before, within and after its dates, the end itself being after', () => {
    expect(ruleTiming({ enabled: true, validity: christmas }, at('2026-12-02T12:00'))).toEqual({
      state: 'upcoming',
      ...christmas,
    });
    expect(ruleTiming({ enabled: true, validity: christmas }, at('2026-12-24T00:00')).state).toBe(
      'active',
    );
    expect(ruleTiming({ enabled: true, validity: christmas }, at('2026-12-27T00:00')).state).toBe(
      'ended',
    );
  });

  it('shows a rule without dates at all times, and a disabled one never', () => {
    const now = at('2026-12-02T12:00');
    expect(appliesNow(ruleTiming({ enabled: true, validity: null }, now))).toBe(true);
    expect(ruleTiming({ enabled: false, validity: null }, now)).toEqual({ state: 'disabled' });
    expect(
      appliesNow(ruleTiming({ enabled: false, validity: christmas }, at('2026-12-25T00:00'))),
    ).toBe(false);
  });
});
