// Class names of loading-bar.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly active: string;
  readonly bar: string;
  readonly holder: string;
};
export default styles;
