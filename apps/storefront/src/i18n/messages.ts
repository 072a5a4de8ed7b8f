import type { Locale } from './locale.ts';
import { en, type Messages } from './messages/en.ts';
import { fr } from './messages/fr.ts';

export type { Messages };

const catalogues: Readonly<Record<Locale, Messages>> = { en, fr };

export function messagesFor(locale: Locale): Messages {
  return catalogues[locale];
}
