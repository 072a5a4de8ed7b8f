// Class names of site-footer.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly brand: string;
  readonly credits: string;
  readonly footer: string;
  readonly inner: string;
  readonly language: string;
  readonly languageLabel: string;
  readonly preferences: string;
  readonly switch: string;
};
export default styles;
