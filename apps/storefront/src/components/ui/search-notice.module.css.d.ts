// Class names of search-notice.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly actions: string;
  readonly body: string;
  readonly empty: string;
  readonly error: string;
  readonly icon: string;
  readonly more: string;
  readonly notice: string;
  readonly text: string;
  readonly title: string;
};
export default styles;
