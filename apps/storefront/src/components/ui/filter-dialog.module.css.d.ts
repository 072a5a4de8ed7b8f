// Class names of filter-dialog.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly body: string;
  readonly done: string;
  readonly footer: string;
  readonly panel: string;
  readonly trigger: string;
};
export default styles;
