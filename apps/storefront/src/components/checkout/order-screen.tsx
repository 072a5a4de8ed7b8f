import { productsIndex } from '@vitrine/catalogue/search-settings';
import Head from 'next/head';
import { useEffect, useRef } from 'react';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { pathFor } from '../../i18n/routes.ts';
import { purchaseEvents } from '../../lib/insights/conversion-events.ts';
import { forgetQueryIDs, tabStorage } from '../../lib/insights/query-id-carry.ts';
import { useSendInsightsEvent } from '../../lib/insights/use-insights-events.ts';
import type { OrderPageProps } from '../../page-loaders/commerce-server-side-props.ts';
import { PageHead } from '../layout/page-head.tsx';
import { ButtonLink } from '../ui/button-link.tsx';
import styles from './checkout-screen.module.css';
import { OrderSummary } from './order-summary.tsx';

/** The order confirmation, reachable only through its unguessable address. */
export function OrderScreen({ order, sendPurchaseEvent }: OrderPageProps) {
  const locale = useLocale();
  const messages = useMessages();
  const { details } = order;
  usePurchaseEvent(order, sendPurchaseEvent);
  return (
    <div className={`container ${styles.page}`}>
      <PageHead title={`${messages.order.title} · Vitrine`} />
      <Head>
        <meta name="robots" content="noindex" />
      </Head>
      <h1 data-testid="order-confirmed">{messages.order.heading}</h1>
      <p>{messages.order.number(order.id.slice(0, 8).toUpperCase())}</p>
      <p>{messages.order.noEmail}</p>
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

/**
 * The order's purchase event (every item, its queryID, price and quantity), sent by the first render of the
 * confirmation only: the server claimed it for this render (`sendPurchaseEvent`), so a reload never sends it
 * again. The searches of the bought products are then forgotten in this tab.
 */
function usePurchaseEvent(order: OrderPageProps['order'], send: boolean) {
  const sendInsightsEvent = useSendInsightsEvent();
  const sent = useRef<string>(undefined);
  useEffect(() => {
    if (!send || sent.current === order.id) return;
    sent.current = order.id;
    for (const event of purchaseEvents(order, productsIndex)) sendInsightsEvent(event);
    const storage = tabStorage();
    if (storage) forgetQueryIDs(storage, [...new Set(order.lines.map((line) => line.productId))]);
  }, [send, order, sendInsightsEvent]);
}
