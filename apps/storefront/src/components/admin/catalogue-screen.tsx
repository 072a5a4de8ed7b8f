import { label as facetLabel } from '@vitrine/catalogue/labels';
import { useState } from 'react';
import { formatNumber, formatPrice } from '../../i18n/format.ts';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { adminPath } from '../../lib/admin/admin-paths.ts';
import type { ProductRow } from '../../lib/admin/product-edit.ts';
import type { CataloguePageProps } from '../../page-loaders/console-server-side-props.ts';
import { CatalogueUpload } from './catalogue-upload.tsx';
import styles from './console.module.css';
import { ConsoleHeader } from './console-header.tsx';
import { type ConsoleStatus, ConsoleStatusLine } from './console-status.tsx';
import { ProductDialog } from './product-dialog.tsx';

/**
 * The catalogue: products by search, category, stock and state, 60 a page (plain links page through it,
 * the filters stay in the address), each editable; a catalogue file upload.
 */
export function CatalogueScreen(props: CataloguePageProps) {
  const { search, products: initial, total, totalIsAtLeast } = props;
  const locale = useLocale();
  const messages = useMessages().admin.console;
  const text = messages.catalogue;
  const [products, setProducts] = useState<ProductRow[]>(initial);
  const [status, setStatus] = useState<ConsoleStatus | null>(null);
  return (
    <div className={`container ${styles.page}`}>
      <ConsoleHeader page="catalogue" title={text.title} intro={text.intro} />
      <ConsoleStatusLine status={status} />
      <section className={styles.panel} aria-label={text.title}>
        <form method="get" action="/admin/catalogue" className={styles.inline}>
          {locale === 'fr' && <input type="hidden" name="lang" value="fr" />}
          <label className={styles.field}>
            <span>{text.search}</span>
            <input type="search" name="q" defaultValue={search.q} />
          </label>
          <label className={styles.field}>
            <span>{text.category}</span>
            <input name="category" defaultValue={search.category} />
          </label>
          <label className={styles.field}>
            <span>{text.state}</span>
            <select name="published" defaultValue={search.published}>
              <option value="all">{text.stateAll}</option>
              <option value="published">{text.statePublished}</option>
              <option value="unpublished">{text.stateUnpublished}</option>
            </select>
          </label>
          <label className={styles.field}>
            <span>{text.stock}</span>
            <select name="stock" defaultValue={search.stock}>
              <option value="all">{text.stockAll}</option>
              <option value="in">{text.stockIn}</option>
              <option value="out">{text.stockOut}</option>
            </select>
          </label>
          <button type="submit" className={styles.secondary}>
            {text.apply}
          </button>
        </form>
        <CatalogueUpload />
        <p className={styles.muted}>
          {(totalIsAtLeast ? text.countAtLeast : text.count)(formatNumber(total, locale))}
        </p>
        {products.length === 0 ? (
          <p className={styles.muted}>{text.none}</p>
        ) : (
          <ProductTable
            products={products}
            onSaved={(saved) => {
              setProducts(products.map((row) => (row.id === saved.id ? saved : row)));
              setStatus({ tone: 'ok', text: text.saved(saved.name[locale] ?? saved.name.en) });
            }}
          />
        )}
        <ListPages {...props} />
      </section>
    </div>
  );
}

/** "Page 2 of 1,700" between Previous and Next links that keep the filters (absent at either end). */
function ListPages({ search, page, pages, previous, next, totalIsAtLeast }: CataloguePageProps) {
  const locale = useLocale();
  const text = useMessages().admin.console.catalogue;
  const filters = Object.fromEntries(
    (['q', 'category', 'stock', 'published'] as const).flatMap((name) => {
      const value = search[name];
      return value === '' || value === 'all' ? [] : [[name, value]];
    }),
  );
  const link = (params: Record<string, string>) =>
    adminPath('catalogue', locale, { ...filters, ...params });
  return (
    <nav aria-label={text.pages} className={styles.inline}>
      {previous !== null && (
        <a
          className={styles.secondary}
          rel="prev"
          href={link(page > 2 ? { page: String(page - 1), before: previous } : {})}
        >
          {text.previous}
        </a>
      )}
      <span aria-current="page">
        {totalIsAtLeast
          ? text.pageOfMany(formatNumber(page, locale))
          : text.page(formatNumber(page, locale), formatNumber(pages, locale))}
      </span>
      {next !== null && (
        <a
          className={styles.secondary}
          rel="next"
          href={link({ page: String(page + 1), after: next })}
        >
          {text.next}
        </a>
      )}
    </nav>
  );
}

function ProductTable(props: {
  readonly products: readonly ProductRow[];
  readonly onSaved: (product: ProductRow) => void;
}) {
  const locale = useLocale();
  const text = useMessages().admin.console.catalogue;
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{text.columns.product}</th>
          <th scope="col">{text.columns.category}</th>
          <th scope="col">{text.columns.state}</th>
          <th scope="col">{text.columns.price}</th>
          <th scope="col">{text.columns.stock}</th>
          <th scope="col">{text.columns.actions}</th>
        </tr>
      </thead>
      <tbody>
        {props.products.map((product) => {
          const name = product.name[locale] ?? product.name.en;
          const prices = product.variants.map((variant) => variant.priceCents);
          const low = Math.min(...prices);
          const high = Math.max(...prices);
          return (
            <tr key={product.id} data-product={product.id}>
              <td data-label={text.columns.product}>
                {name} <code>{product.id}</code>
              </td>
              <td data-label={text.columns.category}>{facetLabel(product.category, locale)}</td>
              <td data-label={text.columns.state}>
                {product.published ? text.statePublished : text.stateUnpublished}
              </td>
              <td data-label={text.columns.price}>
                {formatPrice(low, locale)}
                {high > low ? ` – ${formatPrice(high, locale)}` : ''}
              </td>
              <td data-label={text.columns.stock}>
                {product.variants.reduce((sum, variant) => sum + variant.stock, 0)}
              </td>
              <td data-label={text.columns.actions}>
                <ProductDialog product={product} onSaved={props.onSaved} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
