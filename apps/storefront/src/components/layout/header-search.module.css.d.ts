// Class names of header-search.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly autocomplete: string;
  readonly holder: string;
};
export default styles;
