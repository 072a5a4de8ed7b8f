// Class names of site-layout.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly main: string;
  readonly page: string;
};
export default styles;
