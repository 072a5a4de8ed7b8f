// Class names of refinement-chips.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly chip: string;
  readonly chips: string;
  readonly clear: string;
  readonly list: string;
};
export default styles;
