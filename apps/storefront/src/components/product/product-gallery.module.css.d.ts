// Class names of product-gallery.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly gallery: string;
  readonly main: string;
  readonly mainImage: string;
  readonly thumbnail: string;
  readonly thumbnails: string;
};
export default styles;
