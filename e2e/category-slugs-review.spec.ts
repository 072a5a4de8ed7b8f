import { expect, test } from '@playwright/test';
import { waitForInteractive } from './support/interactive.ts';

/*
 * Review of the French category addresses: the redirect of an old English-segment French address must give the
 * same destination whether the page is loaded or reached by a client-side navigation (Next fetches the page's
 * data from `/_next/data/…json?slug=…`, whose query string carries the route's own segments).
 */

const frenchJackets = '/categorie/homme/hauts/vestes';

test('an old English-segment address reached by a client-side navigation lands on the French address, its query kept and nothing added', async ({
  page,
}) => {
  await page.goto('/categorie/homme');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Next's router exists once the page's scripts have run (after the first paint, decision 0011).
  await waitForInteractive(page);
  await page.evaluate(() => {
    const router = (
      window as unknown as { next: { router: { push(url: string): Promise<boolean> } } }
    ).next.router;
    void router.push('/categorie/men/tops/jackets?color=Black');
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vestes');
  const address = new URL(page.url());
  expect(`${address.pathname}${address.search}`).toBe(`${frenchJackets}?color=Black`);
});
