import Head from 'next/head';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { pathFor } from '../../i18n/routes.ts';
import type { OrderPageProps } from '../../lib/commerce/commerce-server-side-props.ts';
import { PageHead } from '../layout/page-head.tsx';
import { ButtonLink } from '../ui/button-link.tsx';
import styles from './checkout-screen.module.css';
import { OrderSummary } from './order-summary.tsx';

/** The order confirmation, reachable only through its unguessable address. */
export function OrderScreen({ order }: OrderPageProps) {
  const locale = useLocale();
  const messages = useMessages();
  const { details } = order;
  return (
    <div className={`container ${styles.page}`}>
      <PageHead title={`${messages.order.title} | Vitrine`} />
      <Head>
        <meta name="robots" content="noindex" />
      </Head>
      <h1 data-testid="order-confirmed">{messages.order.heading}</h1>
      <p>{messages.order.number(order.id.slice(0, 8).toUpperCase())}</p>
      <p>{messages.order.sentTo(order.email)}</p>
      <div className={styles.layout}>
        <div className={styles.form}>
          <section className={styles.section}>
            <h2>{messages.order.deliverTo}</h2>
            <p>
              {details['firstName']} {details['lastName']}
              <br />
              {details['address']}
              <br />
              {details['postalCode']} {details['city']}
              <br />
              {messages.checkout.countries[details['country'] as 'FR'] ?? details['country']}
            </p>
            <h2>{messages.order.paidWith}</h2>
            <p>{messages.checkout.payOnDelivery}</p>
          </section>
          <p>{messages.order.keepLink}</p>
          <ButtonLink href={pathFor({ name: 'home' }, locale)}>
            {messages.cart.continueShopping}
          </ButtonLink>
        </div>
        <OrderSummary
          cart={{
            subtotalCents: order.totalCents,
            lines: order.lines.map((line) => ({
              ...line,
              lineTotalCents: line.unitPriceCents * line.quantity,
            })),
          }}
        />
      </div>
    </div>
  );
}
