// Class names of promo-banner.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly banner: string;
  readonly body: string;
  readonly image: string;
  readonly link: string;
  readonly text: string;
  readonly title: string;
};
export default styles;
