// Class names of recommend-carousel.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly arrow: string;
  readonly arrows: string;
  readonly compact: string;
  readonly head: string;
  readonly item: string;
  readonly row: string;
  readonly skeletonBody: string;
  readonly skeletonCard: string;
  readonly skeletonLine: string;
  readonly skeletonMedia: string;
  readonly skeletonTitle: string;
  readonly title: string;
  readonly track: string;
};
export default styles;
