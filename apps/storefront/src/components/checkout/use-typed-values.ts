import { type Dispatch, type RefObject, type SetStateAction, useEffect, useRef } from 'react';
import { type CheckoutField, checkoutFields } from '../../lib/commerce/checkout-form.ts';

/**
 * Takes into the form's state what its uncontrolled fields already hold when the form appears: what the
 * shopper typed, or the browser autofilled, before the page became interactive (controlled fields would be
 * reset to the state by hydration, and the text lost). Returns the ref to put on the form.
 */
export function useTypedValues(
  shown: boolean,
  setValues: Dispatch<SetStateAction<Record<CheckoutField, string>>>,
): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const elements = shown ? form.current?.elements : undefined;
    if (!elements) return;
    const typed: Partial<Record<CheckoutField, string>> = {};
    for (const name of checkoutFields) {
      const element = elements.namedItem(name);
      if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement)
        typed[name] = element.value;
    }
    setValues((current) => ({ ...current, ...typed }));
  }, [shown, setValues]);
  return form;
}
