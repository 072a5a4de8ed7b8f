import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { defaultLocale, type Locale } from './locale.ts';
import { type Messages, messagesFor } from './messages.ts';

interface I18nValue {
  readonly locale: Locale;
  readonly messages: Messages;
}

const I18nContext = createContext<I18nValue>({
  locale: defaultLocale,
  messages: messagesFor(defaultLocale),
});

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo(() => ({ locale, messages: messagesFor(locale) }), [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useLocale(): Locale {
  return useContext(I18nContext).locale;
}

export function useMessages(): Messages {
  return useContext(I18nContext).messages;
}
