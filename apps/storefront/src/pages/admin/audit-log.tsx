import { AdminLayout } from '../../components/admin/admin-layout.tsx';
import { AuditLogScreen } from '../../components/admin/audit-log-screen.tsx';
import {
  type AuditLogPageProps,
  auditLogServerSideProps,
} from '../../page-loaders/console-server-side-props.ts';

export const getServerSideProps = auditLogServerSideProps;

export default function AdminAuditLogPage(props: AuditLogPageProps) {
  return (
    <AdminLayout page="audit-log">
      <AuditLogScreen {...props} />
    </AdminLayout>
  );
}

/** The merchant's frame (AdminLayout, above), not the shop's: `_app` leaves the shop's out. */
AdminAuditLogPage.chrome = 'merchant' as const;
