// Class names of analytics-screen.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly chart: string;
  readonly chartArea: string;
  readonly chartTable: string;
  readonly chartTitle: string;
  readonly grid: string;
  readonly problem: string;
};
export default styles;
