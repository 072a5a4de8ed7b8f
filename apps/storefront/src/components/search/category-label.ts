import { label } from '@vitrine/catalogue/labels';
import type { Locale } from '../../i18n/locale.ts';

/** A category path in a language: `['Men', 'Tops', 'Jackets']` → `Homme › Hauts › Vestes`. */
export function categoryPathLabel(path: readonly string[], locale: Locale): string {
  return path.map((name) => label(name, locale)).join(' › ');
}

/** A hierarchical facet value in a language: `Men > Tops > Jackets` → `Homme › Hauts › Vestes`. */
export function categoryValueLabel(value: string, locale: Locale): string {
  return categoryPathLabel(value.split(' > '), locale);
}
