// Class names of cart-lines.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly controls: string;
  readonly each: string;
  readonly image: string;
  readonly info: string;
  readonly line: string;
  readonly lines: string;
  readonly name: string;
  readonly problem: string;
  readonly quantity: string;
  readonly remove: string;
  readonly total: string;
  readonly variant: string;
};
export default styles;
