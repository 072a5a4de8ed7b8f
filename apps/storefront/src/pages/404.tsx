import { ErrorScreen } from '../components/errors/error-screen.tsx';

export default function NotFoundPage() {
  return <ErrorScreen status={404} />;
}
