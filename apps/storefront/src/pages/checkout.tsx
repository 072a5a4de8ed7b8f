import { CheckoutScreen } from '../components/checkout/checkout-screen.tsx';
import {
  type CartPageProps,
  cartServerSideProps,
} from '../page-loaders/commerce-server-side-props.ts';

export const getServerSideProps = cartServerSideProps('en');

export default function CheckoutPage(props: CartPageProps) {
  return <CheckoutScreen {...props} />;
}
