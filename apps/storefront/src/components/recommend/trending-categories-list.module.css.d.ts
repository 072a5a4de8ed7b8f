// Class names of trending-categories-list.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly department: string;
  readonly label: string;
  readonly link: string;
  readonly list: string;
  readonly photo: string;
  readonly placeholder: string;
  readonly section: string;
  readonly skeletonTitle: string;
  readonly text: string;
  readonly title: string;
};
export default styles;
