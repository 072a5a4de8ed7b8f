import { AdminLayout } from '../../components/admin/admin-layout.tsx';
import { AnalyticsScreen } from '../../components/admin/analytics-screen.tsx';
import {
  type AnalyticsPageProps,
  analyticsServerSideProps,
} from '../../page-loaders/admin-server-side-props.ts';

export const getServerSideProps = analyticsServerSideProps;

export default function AdminAnalyticsPage(props: AnalyticsPageProps) {
  return (
    <AdminLayout page="analytics">
      <AnalyticsScreen {...props} />
    </AdminLayout>
  );
}

/** The merchant's frame (AdminLayout, above), not the shop's: `_app` leaves the shop's out. */
AdminAnalyticsPage.chrome = 'merchant' as const;
