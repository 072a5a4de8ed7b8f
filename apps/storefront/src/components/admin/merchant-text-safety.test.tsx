import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ruleDraftSchema, toQueryRule } from '../../lib/admin/merchandising-rule.ts';
import { readRuleBanners } from '../../lib/search/rule-banners.ts';
import { PromoBanner } from '../ui/promo-banner.tsx';

/** What a merchant types into a banner reaches the shop as text, never as markup or script. */
describe('a merchant’s banner on the shop', () => {
  const hostile = '<script>alert("pwned")</script><img src=x onerror=alert(1)>';

  function rendered(userData: unknown): string {
    return readRuleBanners([userData], 'en')
      .map((banner) =>
        renderToStaticMarkup(
          <PromoBanner
            {...(banner.title ? { title: banner.title } : {})}
            {...(banner.text ? { text: banner.text } : {})}
            {...(banner.imageUrl ? { imageUrl: banner.imageUrl } : {})}
            {...(banner.href
              ? { link: { href: banner.href, label: banner.linkLabel ?? 'See' } }
              : {})}
          />,
        ),
      )
      .join('');
  }

  it('shows markup typed into its title and text as text', () => {
    const draft = ruleDraftSchema.parse({
      trigger: { kind: 'query', query: 'jacket' },
      banner: {
        title: { en: hostile, fr: hostile },
        text: { en: hostile, fr: '' },
        linkText: { en: hostile, fr: '' },
        link: '/category/men',
        image: '',
      },
    });
    const html = rendered(toQueryRule(draft, 'r').consequence?.['userData']);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img src="x"');
    expect(html).toContain('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;');
    expect(html).toContain('href="/category/men"');
  });

  it('drops a script link or image that reached the index some other way', () => {
    const html = rendered({
      title: 'Sale',
      link: 'javascript:alert(1)',
      image: 'javascript:alert(2)',
    });
    expect(html).toContain('Sale');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<a ');
    expect(html).not.toContain('<img');
  });

  it('shows a banner whose link or image would break out of its attribute without them', () => {
    const html = rendered({
      title: 'Sale',
      link: 'https://shop.example/"><script>alert(1)</script>',
      image: '/sale.png" onerror="alert(2)',
    });
    expect(html).toContain('Sale');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<a ');
    expect(html).not.toContain('<img');
  });
});
