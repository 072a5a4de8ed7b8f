import { SearchScreen, type SearchScreenProps } from '../components/search/search-screen.tsx';
import { searchServerSideProps } from '../page-loaders/search-server-side-props.tsx';

export const getServerSideProps = searchServerSideProps('en');

export default function SearchPage(props: SearchScreenProps) {
  return <SearchScreen {...props} />;
}
