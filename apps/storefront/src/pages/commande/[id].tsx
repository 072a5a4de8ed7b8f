import { OrderScreen } from '../../components/checkout/order-screen.tsx';
import {
  type OrderPageProps,
  orderServerSideProps,
} from '../../page-loaders/commerce-server-side-props.ts';

export const getServerSideProps = orderServerSideProps('fr');

export default function OrderPage(props: OrderPageProps) {
  return <OrderScreen {...props} />;
}
