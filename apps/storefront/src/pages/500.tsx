import { ErrorScreen } from '../components/errors/error-screen.tsx';

export default function ServerErrorPage() {
  return <ErrorScreen status={500} />;
}
