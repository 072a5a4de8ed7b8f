// Class names of menu-drawer.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly panel: string;
};
export default styles;
