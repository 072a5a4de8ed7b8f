// Class names of autocomplete.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly column: string;
  readonly detached: string;
  readonly detachedButton: string;
  readonly form: string;
  readonly header: string;
  readonly icon: string;
  readonly item: string;
  readonly layout: string;
  readonly name: string;
  readonly panel: string;
  readonly photo: string;
  readonly price: string;
  readonly product: string;
  readonly products: string;
  readonly recent: string;
  readonly remove: string;
  readonly row: string;
  readonly scope: string;
  readonly text: string;
};
export default styles;
