// Class names of kpi-tiles.module.css; css-modules.test.ts checks that they match.
declare const styles: {
  readonly label: string;
  readonly tile: string;
  readonly tiles: string;
  readonly value: string;
};
export default styles;
