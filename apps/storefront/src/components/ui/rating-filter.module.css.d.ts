// Class names of rating-filter.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly count: string;
  readonly label: string;
  readonly level: string;
  readonly list: string;
};
export default styles;
