import { SearchScreen, type SearchScreenProps } from '../../components/search/search-screen.tsx';
import { categoryServerSideProps } from '../../page-loaders/search-server-side-props.tsx';

export const getServerSideProps = categoryServerSideProps('en');

export default function CategoryPage(props: SearchScreenProps) {
  return <SearchScreen {...props} />;
}
