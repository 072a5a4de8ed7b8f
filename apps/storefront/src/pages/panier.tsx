import { CartScreen } from '../components/cart/cart-screen.tsx';
import {
  type CartPageProps,
  cartServerSideProps,
} from '../page-loaders/commerce-server-side-props.ts';

export const getServerSideProps = cartServerSideProps('fr');

export default function PanierPage(props: CartPageProps) {
  return <CartScreen {...props} />;
}
