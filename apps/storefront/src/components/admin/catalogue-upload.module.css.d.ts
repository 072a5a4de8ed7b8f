// Class names of catalogue-upload.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly errors: string;
  readonly figures: string;
  readonly fill: string;
  readonly indexing: string;
  readonly label: string;
  readonly progress: string;
  readonly track: string;
};
export default styles;
