// Class names of product-reviews.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly author: string;
  readonly list: string;
  readonly review: string;
  readonly reviews: string;
  readonly stars: string;
  readonly title: string;
  readonly visuallyHidden: string;
};
export default styles;
