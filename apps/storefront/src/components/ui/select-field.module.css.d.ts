// Class names of select-field.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly control: string;
  readonly field: string;
  readonly label: string;
};
export default styles;
