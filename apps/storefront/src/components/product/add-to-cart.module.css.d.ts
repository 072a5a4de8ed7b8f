// Class names of add-to-cart.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly add: string;
  readonly available: string;
  readonly box: string;
  readonly problem: string;
  readonly quantity: string;
  readonly row: string;
  readonly stock: string;
  readonly unavailable: string;
};
export default styles;
