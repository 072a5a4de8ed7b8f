// Class names of hero.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly actions: string;
  readonly eyebrow: string;
  readonly gallery: string;
  readonly hero: string;
  readonly inner: string;
  readonly text: string;
  readonly tile: string;
  readonly title: string;
};
export default styles;
