// Class names of form-field.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly error: string;
  readonly field: string;
  readonly invalid: string;
};
export default styles;
