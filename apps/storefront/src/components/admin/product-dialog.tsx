import { label as facetLabel, type Locale } from '@vitrine/catalogue/labels';
import { useState } from 'react';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { consoleApi } from '../../lib/admin/console-api.ts';
import type { ProductEdit, ProductRow } from '../../lib/admin/product-edit.ts';
import styles from './console.module.css';
import { FormDialog } from './form-dialog.tsx';

interface ProductForm {
  nameEn: string;
  nameFr: string;
  descriptionEn: string;
  descriptionFr: string;
  published: boolean;
  /** Per SKU: the price in euros as typed, and the stock. */
  variants: { sku: string; label: string; price: string; stock: string }[];
}

/** A variant as the merchant reads it: `Blue / XS` → `Bleu / XS` in French. */
export function variantLabel(text: string, locale: Locale): string {
  return text
    .split(' / ')
    .map((part) => facetLabel(part, locale))
    .join(' / ');
}

/** The form's starting values; a price as the console's language writes it (`59.00`, `59,00`). */
function formOf(product: ProductRow, locale: Locale): ProductForm {
  return {
    nameEn: product.name.en,
    nameFr: product.name.fr ?? '',
    descriptionEn: product.description.en,
    descriptionFr: product.description.fr ?? '',
    published: product.published,
    variants: product.variants.map((variant) => ({
      sku: variant.sku,
      label: variantLabel(variant.label, locale),
      price: (variant.priceCents / 100).toFixed(2).replace('.', locale === 'fr' ? ',' : '.'),
      stock: String(variant.stock),
    })),
  };
}

/** The edit the API reads; prices typed in euros (`59.00`, `59,00`) become cents. */
function editOf(id: string, form: ProductForm): ProductEdit {
  const french =
    form.nameFr.trim() === '' ? {} : { fr: { name: form.nameFr, description: form.descriptionFr } };
  return {
    id,
    texts: { en: { name: form.nameEn, description: form.descriptionEn }, ...french },
    published: form.published,
    variants: form.variants.map((variant) => ({
      sku: variant.sku,
      priceCents: Math.round(Number(variant.price.replace(',', '.')) * 100),
      stock: Number(variant.stock),
    })),
  };
}

/** Edits a product's texts per language and its variants' prices and stock, in a Radix dialog. */
export function ProductDialog(props: {
  readonly product: ProductRow;
  readonly onSaved: (product: ProductRow) => void;
}) {
  const locale = useLocale();
  const messages = useMessages().admin.console;
  const text = messages.catalogue;
  const name = props.product.name[locale] ?? props.product.name.en;
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(() => formOf(props.product, locale));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const field = (
    key: Exclude<keyof ProductForm, 'variants' | 'published'>,
    label: string,
    long = false,
  ) => {
    const change = (value: string) => setForm({ ...form, [key]: value });
    return long ? (
      <label className={styles.field}>
        <span>{label}</span>
        <textarea rows={3} value={form[key]} onChange={(event) => change(event.target.value)} />
      </label>
    ) : (
      <label className={styles.field}>
        <span>{label}</span>
        <input value={form[key]} onChange={(event) => change(event.target.value)} />
      </label>
    );
  };
  const setVariant = (index: number, patch: Partial<ProductForm['variants'][number]>) =>
    setForm({
      ...form,
      variants: form.variants.map((variant, at) =>
        at === index ? { ...variant, ...patch } : variant,
      ),
    });
  const save = async () => {
    setSaving(true);
    try {
      const { product } = await consoleApi<{ product: ProductRow }>('/api/admin/products', {
        method: 'PUT',
        body: editOf(props.product.id, form),
      });
      setError(null);
      setOpen(false);
      props.onSaved(product);
    } catch (failure) {
      setError(messages.common.failed((failure as Error).message));
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormDialog
      trigger={{ label: text.edit(name), text: messages.common.edit }}
      title={text.editTitle(name)}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setForm(formOf(props.product, locale));
          setError(null);
        }
      }}
      onSubmit={() => void save()}
      error={error}
      saving={saving}
    >
      {field('nameEn', text.nameEn)}
      {field('descriptionEn', text.descriptionEn, true)}
      {field('nameFr', text.nameFr)}
      {field('descriptionFr', text.descriptionFr, true)}
      <label className={styles.choice}>
        <input
          type="checkbox"
          checked={form.published}
          onChange={(event) => setForm({ ...form, published: event.target.checked })}
        />
        {text.publishedField}
      </label>
      {form.variants.map((variant, index) => (
        <div key={variant.sku} className={styles.inline}>
          <label className={styles.field}>
            <span>{text.priceOf(variant.label)}</span>
            <input
              inputMode="decimal"
              value={variant.price}
              onChange={(event) => setVariant(index, { price: event.target.value })}
            />
          </label>
          <label className={styles.field}>
            <span>{text.stockOf(variant.label)}</span>
            <input
              type="number"
              min={0}
              value={variant.stock}
              onChange={(event) => setVariant(index, { stock: event.target.value })}
            />
          </label>
        </div>
      ))}
    </FormDialog>
  );
}
