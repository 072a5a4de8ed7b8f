// Class names of login-screen.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly card: string;
  readonly error: string;
  readonly form: string;
  readonly hint: string;
  readonly language: string;
  readonly notice: string;
  readonly page: string;
  readonly submit: string;
};
export default styles;
