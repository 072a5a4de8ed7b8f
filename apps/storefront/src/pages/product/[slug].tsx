import { ProductScreen } from '../../components/product/product-screen.tsx';
import {
  type ProductPageProps,
  productServerSideProps,
} from '../../page-loaders/commerce-server-side-props.ts';

export const getServerSideProps = productServerSideProps('en');

export default function ProductPage(props: ProductPageProps) {
  return <ProductScreen key={props.product.slug} {...props} />;
}
