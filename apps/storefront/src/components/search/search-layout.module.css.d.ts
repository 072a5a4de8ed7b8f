// Class names of search-layout.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly banners: string;
  readonly columns: string;
  readonly controls: string;
  readonly heading: string;
  readonly highlight: string;
  readonly mobileFilters: string;
  readonly page: string;
  readonly perPage: string;
  readonly relaxed: string;
  readonly relaxedHead: string;
  readonly results: string;
  readonly resultsBody: string;
  readonly sidebar: string;
  readonly sort: string;
  readonly stateful: string;
  readonly stats: string;
  readonly textButton: string;
  readonly toolbar: string;
  readonly top: string;
};
export default styles;
