// Class names of department-grid.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly body: string;
  readonly card: string;
  readonly chip: string;
  readonly chips: string;
  readonly count: string;
  readonly department: string;
  readonly grid: string;
  readonly media: string;
  readonly name: string;
  readonly section: string;
  readonly sectionLink: string;
  readonly shop: string;
  readonly title: string;
};
export default styles;
