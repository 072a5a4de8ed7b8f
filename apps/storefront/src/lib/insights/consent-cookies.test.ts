import { describe, expect, it } from 'vitest';
import {
  analyticsCookie,
  consentCookie,
  expiredAnalyticsCookie,
  newAnonymousToken,
  readAnalyticsToken,
  readConsent,
} from './consent-cookies.ts';

const token = 'anonymous-1b4e28ba-2fa1-41d2-883f-0016d3cca427';

describe('consent cookies', () => {
  it('keeps the choice 6 months, SameSite=Lax, Secure under HTTPS only', () => {
    expect(consentCookie('accepted', false)).toBe(
      'vitrine_consent=accepted; Path=/; Max-Age=15552000; SameSite=Lax',
    );
    expect(consentCookie('refused', true)).toBe(
      'vitrine_consent=refused; Path=/; Max-Age=15552000; SameSite=Lax; Secure',
    );
  });

  it('writes and deletes the _ALGOLIA token cookie with the same attributes', () => {
    expect(analyticsCookie(token, true)).toBe(
      `_ALGOLIA=${token}; Path=/; Max-Age=15552000; SameSite=Lax; Secure`,
    );
    expect(expiredAnalyticsCookie(false)).toBe('_ALGOLIA=; Path=/; Max-Age=0; SameSite=Lax');
  });

  it('reads the choice and the token from a cookie string, ignoring anything else', () => {
    expect(readConsent(`a=1; vitrine_consent=accepted; _ALGOLIA=${token}`)).toBe('accepted');
    expect(readConsent('vitrine_consent=refused')).toBe('refused');
    expect(readConsent('vitrine_consent=maybe')).toBeUndefined();
    expect(readConsent('')).toBeUndefined();
    expect(readAnalyticsToken(`x_ALGOLIA=nope; _ALGOLIA=${token}`)).toBe(token);
    expect(readAnalyticsToken('_ALGOLIA=user-42')).toBeUndefined();
  });

  it('makes v4 UUID tokens in search-insights’ format', () => {
    const made = newAnonymousToken((bytes) => bytes.fill(0xff));
    expect(made).toBe('anonymous-ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(readAnalyticsToken(`_ALGOLIA=${made}`)).toBe(made);
    const random = newAnonymousToken((bytes) => crypto.getRandomValues(bytes));
    expect(random).toMatch(
      /^anonymous-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(random).not.toBe(newAnonymousToken((bytes) => crypto.getRandomValues(bytes)));
  });
});
