// Class names of date-range-form.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly apply: string;
  readonly custom: string;
  readonly field: string;
  readonly period: string;
  readonly preset: string;
  readonly presets: string;
};
export default styles;
