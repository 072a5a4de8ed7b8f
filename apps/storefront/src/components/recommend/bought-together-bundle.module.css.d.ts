// Class names of bought-together-bundle.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly add: string;
  readonly bundle: string;
  readonly caption: string;
  readonly choose: string;
  readonly footer: string;
  readonly hint: string;
  readonly item: string;
  readonly name: string;
  readonly pair: string;
  readonly photo: string;
  readonly plus: string;
  readonly price: string;
  readonly problem: string;
  readonly skeleton: string;
  readonly title: string;
  readonly total: string;
};
export default styles;
