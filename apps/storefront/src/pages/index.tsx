import { HomeScreen } from '../components/home/home-screen.tsx';
import { homeServerSideProps } from '../page-loaders/home-server-side-props.ts';

export const getServerSideProps = homeServerSideProps('en');

export default function HomePage() {
  return <HomeScreen />;
}
