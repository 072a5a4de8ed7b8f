// Class names of range-filter.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly apply: string;
  readonly dash: string;
  readonly field: string;
  readonly fields: string;
  readonly range: string;
  readonly slider: string;
  readonly unit: string;
};
export default styles;
