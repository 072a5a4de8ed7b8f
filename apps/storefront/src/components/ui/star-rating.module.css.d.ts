// Class names of star-rating.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly large: string;
  readonly rating: string;
  readonly stars: string;
};
export default styles;
