// Class names of toggle-list.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly count: string;
  readonly input: string;
  readonly label: string;
  readonly list: string;
  readonly option: string;
  readonly track: string;
};
export default styles;
