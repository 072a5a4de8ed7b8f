// Class names of facet-list.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly checkbox: string;
  readonly count: string;
  readonly empty: string;
  readonly facet: string;
  readonly fieldset: string;
  readonly label: string;
  readonly list: string;
  readonly more: string;
  readonly option: string;
  readonly search: string;
};
export default styles;
