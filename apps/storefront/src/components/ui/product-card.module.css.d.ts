// Class names of product-card.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly badge: string;
  readonly badges: string;
  readonly body: string;
  readonly card: string;
  readonly colors: string;
  readonly eco: string;
  readonly light: string;
  readonly media: string;
  readonly name: string;
  readonly new: string;
  readonly price: string;
  readonly rating: string;
  readonly ratingValue: string;
  readonly reviews: string;
  readonly sale: string;
  readonly snippet: string;
  readonly swatch: string;
};
export default styles;
