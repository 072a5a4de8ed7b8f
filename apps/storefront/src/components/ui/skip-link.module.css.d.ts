// Class names of skip-link.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly skipLink: string;
};
export default styles;
