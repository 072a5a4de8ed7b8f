// Class names of facet-group.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly badge: string;
  readonly chevron: string;
  readonly content: string;
  readonly group: string;
  readonly summary: string;
  readonly title: string;
};
export default styles;
