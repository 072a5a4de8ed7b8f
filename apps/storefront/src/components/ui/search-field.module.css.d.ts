// Class names of search-field.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly form: string;
  readonly input: string;
  readonly search: string;
  readonly submit: string;
};
export default styles;
