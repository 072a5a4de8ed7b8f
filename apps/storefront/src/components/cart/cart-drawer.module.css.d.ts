// Class names of cart-drawer.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly actions: string;
  readonly body: string;
  readonly footer: string;
  readonly overlay: string;
  readonly panel: string;
  readonly subtotal: string;
  readonly title: string;
  readonly top: string;
};
export default styles;
