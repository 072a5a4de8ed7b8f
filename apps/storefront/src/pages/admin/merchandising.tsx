import { AdminLayout } from '../../components/admin/admin-layout.tsx';
import { MerchandisingScreen } from '../../components/admin/merchandising-screen.tsx';
import {
  type MerchandisingPageProps,
  merchandisingServerSideProps,
} from '../../page-loaders/console-server-side-props.ts';

export const getServerSideProps = merchandisingServerSideProps;

export default function AdminMerchandisingPage(props: MerchandisingPageProps) {
  return (
    <AdminLayout page="merchandising">
      <MerchandisingScreen {...props} />
    </AdminLayout>
  );
}

/** The merchant's frame (AdminLayout, above), not the shop's: `_app` leaves the shop's out. */
AdminMerchandisingPage.chrome = 'merchant' as const;
