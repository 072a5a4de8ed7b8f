// Class names of action-button.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly button: string;
  readonly primary: string;
  readonly secondary: string;
};
export default styles;
