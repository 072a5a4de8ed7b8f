// Class names of drawer.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly body: string;
  readonly footer: string;
  readonly fromLeft: string;
  readonly overlay: string;
  readonly panel: string;
  readonly title: string;
  readonly top: string;
};
export default styles;
