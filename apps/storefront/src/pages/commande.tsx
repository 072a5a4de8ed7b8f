import { CheckoutScreen } from '../components/checkout/checkout-screen.tsx';
import {
  type CartPageProps,
  cartServerSideProps,
} from '../page-loaders/commerce-server-side-props.ts';

export const getServerSideProps = cartServerSideProps('fr');

export default function CommandePage(props: CartPageProps) {
  return <CheckoutScreen {...props} />;
}
