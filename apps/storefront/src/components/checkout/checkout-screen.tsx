import { useRouter } from 'next/router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { pathFor } from '../../i18n/routes.ts';
import type { CommerceErrorBody } from '../../lib/commerce/cart-view.ts';
import {
  type CheckoutField,
  checkoutFieldErrors,
  checkoutFields,
  deliveryCountries,
} from '../../lib/commerce/checkout-form.ts';
import type { CartPageProps } from '../../page-loaders/commerce-server-side-props.ts';
import { useCart } from '../cart/cart-context.tsx';
import { PageHead } from '../layout/page-head.tsx';
import { ButtonLink } from '../ui/button-link.tsx';
import styles from './checkout-screen.module.css';
import { FormField } from './form-field.tsx';
import { OrderSummary } from './order-summary.tsx';
import { useFocusFirstInvalid } from './use-focus-first-invalid.ts';
import { useTypedValues } from './use-typed-values.ts';

type Values = Record<CheckoutField, string>;
const initialValues: Values = {
  email: '',
  firstName: '',
  lastName: '',
  phone: '',
  address: '',
  postalCode: '',
  city: '',
  country: 'FR',
};

/** Contact, delivery and payment; the server validates again, prices the cart and places the order. */
export function CheckoutScreen({ cart: serverCart }: CartPageProps) {
  const locale = useLocale();
  const messages = useMessages();
  const router = useRouter();
  const { cart, loaded, replace } = useCart();
  useEffect(() => replace(serverCart), [serverCart, replace]);
  const shown = loaded ? cart : serverCart;
  const [values, setValues] = useState<Values>(initialValues);
  const [touched, setTouched] = useState<Partial<Record<CheckoutField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<CheckoutField, string>>>({});
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useTypedValues(shown.lines.length > 0, setValues); // the fields are uncontrolled
  const focusFirstInvalid = useFocusFirstInvalid(form);
  // One key per visit: a double click or a retried request finds the order the first one placed.
  const idempotencyKey = useRef<string>(undefined);
  const errors = { ...checkoutFieldErrors(values, messages), ...serverErrors };
  const shownError = (field: CheckoutField) => (touched[field] ? errors[field] : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(Object.fromEntries(checkoutFields.map((field) => [field, true])));
    if (Object.keys(checkoutFieldErrors(values, messages)).length > 0) {
      setProblem(messages.checkout.fixErrors);
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    setProblem(undefined);
    idempotencyKey.current ??= crypto.randomUUID();
    try {
      const response = await fetch(`/api/checkout?locale=${locale}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey.current },
        body: JSON.stringify({ details: values, paymentMethod: 'pay_on_delivery' }),
      });
      const answer = (await response.json()) as { path: string } | CommerceErrorBody;
      if ('path' in answer) {
        replace({ lines: [], itemCount: 0, subtotalCents: 0 });
        await router.push(answer.path);
        return;
      }
      setServerErrors(answer.fieldErrors ?? {});
      setProblem(answer.message);
      if (answer.fieldErrors && Object.keys(answer.fieldErrors).length > 0) focusFirstInvalid();
    } catch (error) {
      console.error(error);
      setProblem(messages.cart.errors.unexpected);
    }
    setBusy(false);
  };

  const field = (name: CheckoutField, label: string, autoComplete: string, type = 'text') => (
    <FormField
      name={name}
      label={label}
      type={type}
      autoComplete={autoComplete}
      defaultValue={initialValues[name]}
      error={shownError(name)}
      required={name !== 'phone'}
      onChange={(value) => {
        setValues((current) => ({ ...current, [name]: value }));
        setServerErrors((current) => ({ ...current, [name]: undefined }));
      }}
      onBlur={() => setTouched((current) => ({ ...current, [name]: true }))}
    />
  );

  if (shown.lines.length === 0) {
    return (
      <div className={`container ${styles.page}`}>
        <PageHead title={`${messages.checkout.title} · Vitrine`} />
        <h1>{messages.checkout.title}</h1>
        <p>{messages.checkout.emptyCart}</p>
        <ButtonLink href={pathFor({ name: 'home' }, locale)}>
          {messages.cart.continueShopping}
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className={`container ${styles.page}`}>
      <PageHead title={`${messages.checkout.title} · Vitrine`} />
      <h1>{messages.checkout.title}</h1>
      <div className={styles.layout}>
        <form ref={form} className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
          <fieldset className={styles.section}>
            <legend>{messages.checkout.contact}</legend>
            {field('email', messages.checkout.email, 'email', 'email')}
            {field('phone', messages.checkout.phone, 'tel', 'tel')}
          </fieldset>
          <fieldset className={styles.section}>
            <legend>{messages.checkout.delivery}</legend>
            <div className={styles.pair}>
              {field('firstName', messages.checkout.firstName, 'given-name')}
              {field('lastName', messages.checkout.lastName, 'family-name')}
            </div>
            {field('address', messages.checkout.address, 'street-address')}
            <div className={styles.pair}>
              {field('postalCode', messages.checkout.postalCode, 'postal-code')}
              {field('city', messages.checkout.city, 'address-level2')}
            </div>
            <label className={styles.select}>
              <span>{messages.checkout.country}</span>
              <select
                name="country"
                autoComplete="country"
                defaultValue={initialValues.country}
                onChange={(event) =>
                  setValues((current) => ({ ...current, country: event.target.value }))
                }
              >
                {deliveryCountries.map((code) => (
                  <option key={code} value={code}>
                    {messages.checkout.countries[code]}
                  </option>
                ))}
              </select>
            </label>
          </fieldset>
          <fieldset className={styles.section}>
            <legend>{messages.checkout.payment}</legend>
            <label className={styles.payment}>
              <input type="radio" name="paymentMethod" value="pay_on_delivery" defaultChecked />
              <span>
                <strong>{messages.checkout.payOnDelivery}</strong>
                <br />
                {messages.checkout.payOnDeliveryText}
              </span>
            </label>
          </fieldset>
          {problem && (
            <p role="alert" className={styles.problem}>
              {problem}
            </p>
          )}
          <button type="submit" className={styles.submit} disabled={busy}>
            {busy ? messages.checkout.placing : messages.checkout.placeOrder}
          </button>
        </form>
        <OrderSummary cart={shown} />
      </div>
    </div>
  );
}
