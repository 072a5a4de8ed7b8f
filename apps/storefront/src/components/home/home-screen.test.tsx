import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/support/render-page.tsx';
import { ErrorScreen } from '../errors/error-screen.tsx';
import { SiteLayout } from '../layout/site-layout.tsx';
import { DepartmentGrid } from '../ui/department-grid.tsx';
import { HomeScreen } from './home-screen.tsx';

describe('the home page', () => {
  it('leads to every department and category in French', () => {
    const html = renderPage(<HomeScreen />, { locale: 'fr', path: '/fr' });
    expect(html).toContain('Équipé pour chaque mouvement');
    expect(html).toContain('href="/categorie/femme">Voir la collection femme');
    for (const label of [
      'Homme',
      'Femme',
      'Équipement',
      'Hauts',
      'Vestes',
      'Bas',
      'Shorts',
      'Sacs',
    ]) {
      expect(html).toContain(`>${label}</a>`);
    }
    expect(html).toContain('href="/categorie/homme/hauts/vestes"');
    expect(html).toContain('72 produits');
  });

  it('says so when the catalogue has no department yet', () => {
    const html = renderToString(
      <DepartmentGrid title="Shop by category" departments={[]} emptyText="Nothing yet." />,
    );
    expect(html).toContain('<p>Nothing yet.</p>');
  });
});

describe('the site layout', () => {
  it('searches, links the cart and switches language on the same page with the same query', () => {
    const html = renderPage(<SiteLayout>content</SiteLayout>, {
      locale: 'en',
      path: '/search?q=veste',
    });
    expect(html).toContain('aria-label="Cart, 0 items"');
    expect(html).toContain('href="/recherche?q=veste"');
    expect(html).toContain('Lire en français');
    expect(html).toContain('aria-label="Open the menu"');
    const home = renderPage(<SiteLayout>content</SiteLayout>, { locale: 'en', path: '/' });
    expect(home).toMatch(/<form[^>]*action="\/search"[^>]*method="get"/);
    expect(home).toMatch(/<input[^>]*maxLength="512"[^>]*name="q"/);
  });

  it('leaves the search field to the listings, which have their own', () => {
    const html = renderPage(<SiteLayout searchField={false}>content</SiteLayout>, {
      locale: 'en',
      path: '/search?q=veste',
    });
    expect(html).not.toContain('id="site-search"');
  });
});

describe('the error pages', () => {
  it('speak the language they are given', () => {
    const html = renderPage(<ErrorScreen status={404} />, {
      locale: 'fr',
      path: '/produit/inconnu',
    });
    expect(html).toContain('Erreur 404');
    expect(html).toContain('Page introuvable');
    expect(html).toContain('href="/fr"');
  });
});
