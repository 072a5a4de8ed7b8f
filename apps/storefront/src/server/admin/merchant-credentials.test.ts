import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMerchantAuth } from './merchant-auth.ts';
import { fileSessionGenerations, loadMerchantCredentials } from './merchant-credentials.ts';

const freshDataDir = () => mkdtempSync(join(tmpdir(), 'vitrine-merchant-'));

describe('the merchant password', () => {
  it('is generated on first start, kept for the owner only, and the same after a restart', () => {
    const dataDir = freshDataDir();
    const first = loadMerchantCredentials(dataDir, undefined);
    expect(first.generated).toBe(true);
    expect(first.file).toBe(join(dataDir, 'storefront', 'merchant-login.json'));
    expect(first.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(statSync(first.file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(first.file, 'utf8'))).toEqual({
      password: first.password,
      sessionSecret: first.sessionSecret,
    });
    expect(loadMerchantCredentials(dataDir, undefined)).toEqual(first);
  });

  it('comes from MERCHANT_PASSWORD when set, and is then not written down', () => {
    const dataDir = freshDataDir();
    const credentials = loadMerchantCredentials(dataDir, 'from the environment');
    expect(credentials).toMatchObject({ password: 'from the environment', generated: false });
    expect(readFileSync(credentials.file, 'utf8')).not.toContain('from the environment');
    expect(loadMerchantCredentials(dataDir, 'from the environment').sessionSecret).toBe(
      credentials.sessionSecret,
    );
  });

  it('refuses a damaged file with a message that says what to do', () => {
    const dataDir = freshDataDir();
    mkdirSync(join(dataDir, 'storefront'));
    writeFileSync(join(dataDir, 'storefront', 'merchant-login.json'), '{"password": 1}');
    expect(() => loadMerchantCredentials(dataDir, undefined)).toThrow(
      /merchant-login.json is not a valid merchant login file .*delete it/,
    );
  });
});

describe('signing out', () => {
  const now = Date.UTC(2026, 10, 21, 9);
  const authFrom = (dataDir: string) => {
    const credentials = loadMerchantCredentials(dataDir, 'a password long enough');
    return createMerchantAuth({ ...credentials, generations: fileSessionGenerations(credentials) });
  };
  const cookieOf = (token: string) => ({ cookie: `vitrine_merchant=${token}` });

  it('holds after a restart: a signed-out cookie stays refused, the file keeps password and secret', () => {
    const dataDir = freshDataDir();
    const auth = authFrom(dataDir);
    const signedOut = auth.signIn(now).token;
    const before = loadMerchantCredentials(dataDir, 'a password long enough');
    auth.signOut(cookieOf(signedOut), now);
    expect(auth.sessionOf(cookieOf(signedOut), now)).toBeUndefined();

    const restarted = authFrom(dataDir);
    expect(restarted.sessionOf(cookieOf(signedOut), now)).toBeUndefined();
    const fresh = restarted.signIn(now).token;
    expect(authFrom(dataDir).sessionOf(cookieOf(fresh), now)).toBeDefined();
    const file = JSON.parse(readFileSync(before.file, 'utf8'));
    expect(file).toEqual({ sessionSecret: before.sessionSecret, sessionGeneration: 1 });
    expect(statSync(before.file).mode & 0o777).toBe(0o600);
  });
});
