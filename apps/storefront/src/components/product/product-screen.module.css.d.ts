// Class names of product-screen.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly brand: string;
  readonly description: string;
  readonly details: string;
  readonly layout: string;
  readonly name: string;
  readonly page: string;
  readonly price: string;
  readonly rating: string;
  readonly ratingValue: string;
};
export default styles;
