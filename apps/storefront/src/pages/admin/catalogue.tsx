import { AdminLayout } from '../../components/admin/admin-layout.tsx';
import { CatalogueScreen } from '../../components/admin/catalogue-screen.tsx';
import {
  type CataloguePageProps,
  catalogueServerSideProps,
} from '../../page-loaders/console-server-side-props.ts';

export const getServerSideProps = catalogueServerSideProps;

export default function AdminCataloguePage(props: CataloguePageProps) {
  return (
    <AdminLayout page="catalogue">
      <CatalogueScreen {...props} />
    </AdminLayout>
  );
}

/** The merchant's frame (AdminLayout, above), not the shop's: `_app` leaves the shop's out. */
AdminCataloguePage.chrome = 'merchant' as const;
