import { LoginScreen } from '../../components/admin/login-screen.tsx';
import {
  type LoginPageProps,
  loginServerSideProps,
} from '../../lib/admin/admin-server-side-props.ts';

export const getServerSideProps = loginServerSideProps;

export default function AdminLoginPage(props: LoginPageProps) {
  return <LoginScreen {...props} />;
}

/** The merchant's frame, not the shop's (see AdminLayout). */
AdminLoginPage.chrome = 'merchant' as const;
