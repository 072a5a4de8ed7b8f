// Class names of catalogue-upload.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly active: string;
  readonly errors: string;
  readonly figures: string;
  readonly fill: string;
  readonly label: string;
  readonly progress: string;
  readonly step: string;
  readonly stepLabel: string;
  readonly track: string;
};
export default styles;
