// Class names of variant-picker.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly current: string;
  readonly dot: string;
  readonly group: string;
  readonly legend: string;
  readonly option: string;
  readonly options: string;
  readonly picker: string;
  readonly swatch: string;
};
export default styles;
