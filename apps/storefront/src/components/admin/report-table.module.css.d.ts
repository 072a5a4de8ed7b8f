// Class names of report-table.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly empty: string;
  readonly numeric: string;
  readonly scroller: string;
  readonly section: string;
  readonly table: string;
  readonly title: string;
};
export default styles;
