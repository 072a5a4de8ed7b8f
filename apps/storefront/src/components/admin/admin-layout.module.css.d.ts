// Class names of admin-layout.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly area: string;
  readonly brand: string;
  readonly header: string;
  readonly inner: string;
  readonly main: string;
  readonly page: string;
  readonly shop: string;
};
export default styles;
