// Class names of icon-button.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly badge: string;
  readonly iconButton: string;
};
export default styles;
