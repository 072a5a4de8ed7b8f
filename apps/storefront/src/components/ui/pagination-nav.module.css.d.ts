// Class names of pagination-nav.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly disabled: string;
  readonly list: string;
  readonly nav: string;
  readonly page: string;
  readonly step: string;
};
export default styles;
