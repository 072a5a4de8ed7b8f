// Class names of swatch-list.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly count: string;
  readonly fieldset: string;
  readonly input: string;
  readonly light: string;
  readonly list: string;
  readonly name: string;
  readonly option: string;
  readonly swatch: string;
};
export default styles;
