// Class names of consent-banner.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly actions: string;
  readonly banner: string;
  readonly choice: string;
  readonly current: string;
  readonly inner: string;
  readonly text: string;
  readonly title: string;
};
export default styles;
