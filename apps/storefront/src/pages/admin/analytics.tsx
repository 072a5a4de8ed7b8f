import { AnalyticsScreen } from '../../components/admin/analytics-screen.tsx';
import {
  type AnalyticsPageProps,
  analyticsServerSideProps,
} from '../../lib/admin/admin-server-side-props.ts';

export const getServerSideProps = analyticsServerSideProps;

export default function AdminAnalyticsPage(props: AnalyticsPageProps) {
  return <AnalyticsScreen {...props} />;
}

/** The merchant's frame, not the shop's (see AdminLayout). */
AdminAnalyticsPage.chrome = 'merchant' as const;
