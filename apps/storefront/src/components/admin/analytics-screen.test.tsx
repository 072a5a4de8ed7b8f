import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/support/render-page.tsx';
import type { AnalyticsReport } from '../../lib/admin/analytics-report.ts';
import { AnalyticsScreen } from './analytics-screen.tsx';
import { LoginScreen } from './login-screen.tsx';

const range = { from: '2026-11-15', to: '2026-11-21', preset: 7 as const };
const report: AnalyticsReport = {
  range,
  totals: {
    searches: 1234,
    clickThroughRate: 0.25,
    averageClickPosition: 2.5,
    conversionRate: null,
    noResultRate: 0.1,
  },
  searchesPerDay: [{ date: '2026-11-21', count: 1234 }],
  topSearches: [
    { query: 'veste', count: 1000, hits: 11, clickThroughRate: 0.25, conversionRate: null },
  ],
  noResultSearches: [{ query: 'licorne', count: 3 }],
  topClicked: [
    {
      objectID: 'MJ01-Black',
      product: { name: 'Beaumont Summit Kit', slug: 'beaumont-summit-kit', color: 'Black' },
      count: 4,
      rate: 0.5,
    },
    { objectID: 'GONE-1', product: null, count: 1, rate: null },
  ],
  topConverted: [],
  filters: [
    { attribute: 'hierarchicalCategories.lvl2', count: 9 },
    { attribute: 'colors', count: 7 },
    { attribute: 'brand', count: 1 },
  ],
};

describe('the analytics screen', () => {
  it('shows the figures, tables and product names in French', () => {
    const html = renderPage(
      <AnalyticsScreen
        locale="fr"
        range={range}
        rangeProblem={null}
        status="ready"
        report={report}
      />,
      { locale: 'fr', path: '/admin/analytics?lang=fr' },
    );
    expect(html).toContain('Statistiques de recherche');
    expect(html).toContain('1\u202f234');
    expect(html).toContain('25\u00a0%');
    expect(html).toContain('<span class="visually-hidden">non mesuré</span>');
    expect(html).toContain('<th scope="col"');
    expect(html).toContain('<th scope="row">veste</th>');
    expect(html).toContain(
      'href="/produit/beaumont-summit-kit?color=Black">Beaumont Summit Kit — Noir</a>',
    );
    expect(html).toContain('GONE-1 (plus dans le catalogue)');
    expect(html).toContain('Articles les plus convertis');
    expect(html).toContain('Rien sur cette période.');
    expect(html).toContain('href="/admin/analytics?days=7"');
    expect(html).toContain('aria-current="page"');
    expect(html).toContain('value="2026-11-15"');
    // Filter usage names filters as the search page does; the record attribute stays as a tooltip.
    expect(html).toContain(
      '<th scope="row"><span title="Attribut des fiches : hierarchicalCategories.lvl2">Catégorie (niveau 3)</span></th>',
    );
    expect(html).toContain('<span title="Attribut des fiches : colors">Couleur</span>');
    expect(html).toContain('<th scope="row"><code>brand</code></th>');
    expect(html).not.toContain('>colors<');
  });

  it('has an empty state and an error state', () => {
    const empty = {
      ...report,
      totals: { ...report.totals, searches: 0 },
      topSearches: [],
    };
    const emptyHtml = renderPage(
      <AnalyticsScreen
        locale="en"
        range={range}
        rangeProblem="reversed"
        status="ready"
        report={empty}
      />,
      { locale: 'en', path: '/admin/analytics' },
    );
    expect(emptyHtml).toContain('No searches in this period');
    expect(emptyHtml).toContain('The start date is after the end date');
    const errorHtml = renderPage(
      <AnalyticsScreen
        locale="en"
        range={range}
        rangeProblem={null}
        status="error"
        failure="unreachable"
      />,
      { locale: 'en', path: '/admin/analytics' },
    );
    expect(errorHtml).toContain('role="alert"');
    expect(errorHtml).toContain('The search service does not answer.');
  });
});

describe('the sign-in screen', () => {
  it('posts the password with the language, and says what went wrong', () => {
    const html = renderPage(<LoginScreen locale="fr" error="throttled" signedOut={false} />, {
      locale: 'fr',
      path: '/admin/login?lang=fr',
    });
    expect(html).toContain('action="/api/admin/login"');
    expect(html).toContain('name="lang" value="fr"');
    expect(html).toContain('type="password"');
    expect(html).toContain('Trop de mots de passe incorrects.');
    expect(html).toContain('href="/admin/login"');
  });
});
