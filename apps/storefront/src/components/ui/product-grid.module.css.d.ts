// Class names of product-grid.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly grid: string;
  readonly item: string;
};
export default styles;
