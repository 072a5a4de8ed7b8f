import { SearchScreen, type SearchScreenProps } from '../../components/search/search-screen.tsx';
import { categoryServerSideProps } from '../../page-loaders/search-server-side-props.tsx';

export const getServerSideProps = categoryServerSideProps('fr');

export default function CategoriePage(props: SearchScreenProps) {
  return <SearchScreen {...props} />;
}
