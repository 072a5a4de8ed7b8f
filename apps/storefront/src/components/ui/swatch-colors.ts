/**
 * Paint for colour swatches, by the catalogue's English colour keys. A colour missing here gets a neutral
 * swatch and still shows its name.
 */
const swatchPaint: Readonly<Record<string, string>> = {
  Black: '#1d1d1f',
  Blue: '#2f62b5',
  Brown: '#7a4e2d',
  Gray: '#8c8f94',
  Green: '#3f8a4b',
  Lavender: '#b7a6dc',
  Orange: '#ea7a24',
  Pink: '#e889b3',
  Purple: '#7048a8',
  Red: '#c8323a',
  White: '#ffffff',
  Yellow: '#f2c230',
};

export function swatchColor(color: string): string {
  return swatchPaint[color] ?? '#d9d5cc';
}

/** Light swatches need a visible outline on a white background. */
export function isLightSwatch(color: string): boolean {
  return ['White', 'Yellow', 'Lavender'].includes(color) || !(color in swatchPaint);
}
