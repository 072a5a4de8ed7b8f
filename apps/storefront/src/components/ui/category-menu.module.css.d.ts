// Class names of category-menu.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly count: string;
  readonly item: string;
  readonly label: string;
  readonly level: string;
  readonly menu: string;
};
export default styles;
