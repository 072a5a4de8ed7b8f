// Class names of breadcrumb-trail.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly list: string;
  readonly separator: string;
  readonly step: string;
  readonly trail: string;
};
export default styles;
