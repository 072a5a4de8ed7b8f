// Class names of analytics-screen.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly actions: string;
  readonly chart: string;
  readonly chartArea: string;
  readonly chartTable: string;
  readonly chartTitle: string;
  readonly grid: string;
  readonly header: string;
  readonly page: string;
  readonly period: string;
  readonly problem: string;
  readonly signOut: string;
  readonly title: string;
};
export default styles;
