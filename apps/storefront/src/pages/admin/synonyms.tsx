import { AdminLayout } from '../../components/admin/admin-layout.tsx';
import { SynonymsScreen } from '../../components/admin/synonyms-screen.tsx';
import {
  type SynonymsPageProps,
  synonymsServerSideProps,
} from '../../page-loaders/console-server-side-props.ts';

export const getServerSideProps = synonymsServerSideProps;

export default function AdminSynonymsPage(props: SynonymsPageProps) {
  return (
    <AdminLayout page="synonyms">
      <SynonymsScreen {...props} />
    </AdminLayout>
  );
}

/** The merchant's frame (AdminLayout, above), not the shop's: `_app` leaves the shop's out. */
AdminSynonymsPage.chrome = 'merchant' as const;
