// Class names of search-input.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly form: string;
  readonly icon: string;
  readonly input: string;
  readonly reset: string;
  readonly search: string;
  readonly submit: string;
};
export default styles;
