// Class names of checkout-screen.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly form: string;
  readonly layout: string;
  readonly page: string;
  readonly pair: string;
  readonly payment: string;
  readonly problem: string;
  readonly section: string;
  readonly select: string;
  readonly submit: string;
};
export default styles;
