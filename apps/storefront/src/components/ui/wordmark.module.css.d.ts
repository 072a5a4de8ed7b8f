// Class names of wordmark.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly dot: string;
  readonly light: string;
  readonly wordmark: string;
};
export default styles;
