import { AdminLayout } from '../../components/admin/admin-layout.tsx';
import { LoginScreen } from '../../components/admin/login-screen.tsx';
import {
  type LoginPageProps,
  loginServerSideProps,
} from '../../page-loaders/admin-server-side-props.ts';

export const getServerSideProps = loginServerSideProps;

export default function AdminLoginPage(props: LoginPageProps) {
  return (
    <AdminLayout>
      <LoginScreen {...props} />
    </AdminLayout>
  );
}

/** The merchant's frame (AdminLayout, above), not the shop's: `_app` leaves the shop's out. */
AdminLoginPage.chrome = 'merchant' as const;
