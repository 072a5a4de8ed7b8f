import { type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * After a refused "Place order": takes the shopper to the first invalid field of the form, in page order.
 * The focus moves once the fields are marked (`aria-invalid` and their message tied by `aria-describedby`),
 * so that a screen reader reads the field with its error; the field and its label are scrolled to the middle
 * of the window, clear of the sticky header (on a phone the fields are far above the button).
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>): () => void {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    const field = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.focus({ preventScroll: true });
    (field.parentElement ?? field).scrollIntoView({ block: 'center' });
  }, [request, form]);
  return useCallback(() => setRequest((count) => count + 1), []);
}
