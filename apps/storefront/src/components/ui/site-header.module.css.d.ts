// Class names of site-header.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly cart: string;
  readonly header: string;
  readonly inner: string;
  readonly logo: string;
  readonly menu: string;
  readonly noSearch: string;
  readonly search: string;
};
export default styles;
