import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@vitrine/database/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesFor } from '../src/i18n/messages.ts';
import {
  ensureProductionBuild,
  type StorefrontProcess,
  sharedTestBuild,
  startStorefrontProcess,
} from './support/storefront-process.ts';

/**
 * Addresses a shopper, a crawler or a scanner may type, which no page has: malformed `%` escapes, escapes of
 * bytes that are not UTF-8, control characters, `..`, over-long slugs, in both languages. The real storefront
 * process (Next's production build) answers each with its 404 page in the address's language, never a 500 or
 * Next's own untranslated 400.
 */
let storefront: StorefrontProcess;
const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-unreadable-addresses-'));

beforeAll(async () => {
  await ensureProductionBuild(sharedTestBuild);
  storefront = await startStorefrontProcess({
    dataDir,
    databaseUrl: undefined,
    port: await freePort(),
    distDir: sharedTestBuild,
  });
}, 600_000);

afterAll(async () => {
  await storefront?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const overLong = 'a'.repeat(4000);
const badSegments = [
  '%00',
  'x%00y',
  '%E0%A4%A',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%ZZ',
  '%',
  'a%2',
  '..%2f',
  '..%2f..%2f',
  '%2e%2e%2f%2e%2e',
  '%0A',
  '%7F',
  overLong,
];
const pagesByLocale = {
  en: ['/product/', '/category/', '/category/men/', '/order/', '/search/', '/cart/'],
  fr: ['/produit/', '/categorie/', '/categorie/homme/', '/commande/', '/recherche/', '/panier/'],
} as const;

async function get(path: string): Promise<{ status: number; type: string; body: string }> {
  const response = await fetch(`${storefront.url}${path}`, { redirect: 'manual' });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: await response.text(),
  };
}

describe('an address no page has', () => {
  for (const [locale, prefixes] of Object.entries(pagesByLocale) as [
    keyof typeof pagesByLocale,
    readonly string[],
  ][]) {
    it(`gets the ${locale === 'en' ? 'English' : 'French'} 404 page, never a 400 or a 500`, async () => {
      const { notFoundTitle } = messagesFor(locale).errors;
      const failures: string[] = [];
      for (const prefix of prefixes) {
        for (const segment of badSegments) {
          const path = `${prefix}${segment}`;
          const { status, type, body } = await get(path);
          const localized = body.includes(`<html lang="${locale}"`) && body.includes(notFoundTitle);
          if (status !== 404 || !type.startsWith('text/html') || !localized)
            failures.push(
              `${path.slice(0, 80)} → ${status} ${type}${localized ? '' : ' (not the localized 404)'}`,
            );
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('with a query string still reaches the page, which reads what it can', async () => {
    expect((await get('/recherche?q=%E0%A4%A')).status).not.toBe(500);
    expect((await get('/search?q=%00&color=%FF')).status).not.toBe(500);
    const product = await get('/product/%00?color=%E0');
    expect(product.status).toBe(404);
  });

  it('under /api gets a JSON 400 or 404, never HTML', async () => {
    for (const path of [
      '/api/products/%E0%A4%A',
      '/api/products/%00',
      '/api/%ZZ',
      `/api/products/${overLong}`,
    ]) {
      const response = await fetch(`${storefront.url}${path}`);
      expect([400, 404], path).toContain(response.status);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(await response.json(), path).toHaveProperty('message');
    }
  });
});
