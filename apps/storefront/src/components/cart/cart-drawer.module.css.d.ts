// Class names of cart-drawer.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly actions: string;
  readonly empty: string;
  readonly notice: string;
  readonly subtotal: string;
};
export default styles;
