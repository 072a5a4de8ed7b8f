// Class names of cart-screen.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly empty: string;
  readonly layout: string;
  readonly page: string;
  readonly subtotal: string;
  readonly summary: string;
};
export default styles;
