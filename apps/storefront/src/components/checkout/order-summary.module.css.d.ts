// Class names of order-summary.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly line: string;
  readonly lines: string;
  readonly row: string;
  readonly summary: string;
  readonly total: string;
  readonly variant: string;
};
export default styles;
