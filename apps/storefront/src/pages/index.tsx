import { HomeScreen } from '../components/home/home-screen.tsx';
import { homeServerSideProps } from '../lib/home/home-server-side-props.ts';

export const getServerSideProps = homeServerSideProps('en');

export default function HomePage() {
  return <HomeScreen />;
}
