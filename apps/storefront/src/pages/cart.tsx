import { CartScreen } from '../components/cart/cart-screen.tsx';
import {
  type CartPageProps,
  cartServerSideProps,
} from '../page-loaders/commerce-server-side-props.ts';

export const getServerSideProps = cartServerSideProps('en');

export default function CartPage(props: CartPageProps) {
  return <CartScreen {...props} />;
}
