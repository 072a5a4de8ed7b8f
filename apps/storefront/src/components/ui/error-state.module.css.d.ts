// Class names of error-state.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly code: string;
  readonly error: string;
  readonly text: string;
};
export default styles;
