// Class names of category-nav.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly department: string;
  readonly departments: string;
  readonly home: string;
  readonly leaf: string;
  readonly list: string;
  readonly nav: string;
  readonly section: string;
};
export default styles;
