/**
 * Hand-written French labels of the catalogue's facet values. Facet values are stable English keys in the
 * index; the storefront translates them with these tables, and the French labels are also indexed as a
 * searchable attribute so that "veste" finds jackets. A value missing here shows its English key.
 * This file is one table by design (see STYLE §7).
 */
export type Locale = 'en' | 'fr';

export const frenchLabels: Readonly<Record<string, string>> = {
  // Category names
  Men: 'Homme',
  Women: 'Femme',
  Gear: 'Équipement',
  Tops: 'Hauts',
  Bottoms: 'Bas',
  Jackets: 'Vestes',
  'Hoodies & Sweatshirts': 'Sweats et sweats à capuche',
  Tees: 'T-shirts',
  Tanks: 'Débardeurs',
  'Bras & Tanks': 'Brassières et débardeurs',
  Pants: 'Pantalons',
  Shorts: 'Shorts',
  Bags: 'Sacs',
  'Fitness Equipment': 'Matériel de fitness',
  Watches: 'Montres',
  Collections: 'Collections',
  Promotions: 'Promotions',
  'Eco Friendly': 'Écoresponsable',
  'Erin Recommends': "Coups de cœur d'Erin",
  'Erin Recommends New': 'Nouveautés conseillées par Erin',
  'New Luma Yoga Collection': 'Nouvelle collection yoga Luma',
  'Performance Fabrics': 'Tissus techniques',
  'Women Sale': 'Soldes femme',
  'Men Sale': 'Soldes homme',
  Training: 'Entraînement',
  // Colours
  Blue: 'Bleu',
  Black: 'Noir',
  Red: 'Rouge',
  Green: 'Vert',
  Purple: 'Violet',
  Orange: 'Orange',
  Yellow: 'Jaune',
  Gray: 'Gris',
  White: 'Blanc',
  Brown: 'Marron',
  Lavender: 'Lavande',
  Pink: 'Rose',
  // Materials
  Wool: 'Laine',
  Fleece: 'Polaire',
  Nylon: 'Nylon',
  'Organic Cotton': 'Coton bio',
  Polyester: 'Polyester',
  Hemp: 'Chanvre',
  Cotton: 'Coton',
  Spandex: 'Élasthanne',
  Rayon: 'Rayonne',
  Linen: 'Lin',
  Mesh: 'Filet',
  Jersey: 'Jersey',
  Microfiber: 'Microfibre',
  Canvas: 'Toile',
  Plastic: 'Plastique',
  Leather: 'Cuir',
  Rubber: 'Caoutchouc',
  Synthetic: 'Synthétique',
  Foam: 'Mousse',
  Metal: 'Métal',
  Silicone: 'Silicone',
  'Stainless Steel': 'Acier inoxydable',
  Suede: 'Daim',
  Burlap: 'Toile de jute',
  'Cocona® performance fabric': 'Tissu technique Cocona®',
  'Cocona® performance Fabric': 'Tissu technique Cocona®',
  // Patterns
  'Color-Blocked': 'Colour block',
  Solid: 'Uni',
  Striped: 'Rayé',
  Checked: 'À carreaux',
  'Solid-Highlight': 'Uni rehaussé',
  'Graphic Print': 'Imprimé graphique',
  // Climate
  'All-weather': 'Tous temps',
  Cool: 'Frais',
  Indoor: 'Intérieur',
  Spring: 'Printemps',
  Windy: 'Venteux',
  Rainy: 'Pluvieux',
  Cold: 'Froid',
  Wintry: 'Hivernal',
  Mild: 'Doux',
  Warm: 'Chaud',
  Hot: 'Très chaud',
  // Activities
  Yoga: 'Yoga',
  Recreation: 'Loisirs',
  Sports: 'Sports',
  Gym: 'Salle de sport',
  Athletic: 'Athlétisme',
  Outdoor: 'Plein air',
  Travel: 'Voyage',
  Trail: 'Trail',
  Overnight: 'Bivouac',
  Urban: 'Urbain',
  Hiking: 'Randonnée',
  School: 'École',
  // Gender
  Unisex: 'Unisexe',
  Boys: 'Garçon',
  Girls: 'Fille',
  // Styles
  Lightweight: 'Léger',
  Hooded: 'À capuche',
  'Rain Coat': 'Imperméable',
  'Hard Shell': 'Coque rigide',
  Windbreaker: 'Coupe-vent',
  '¼ zip': 'Col zippé',
  Reversible: 'Réversible',
  Insulated: 'Isolant',
  'Soft Shell': 'Softshell',
  'Full zip': 'Zip intégral',
  Jacket: 'Veste',
  'Heavy Duty': 'Robuste',
  Tee: 'T-shirt',
  Tank: 'Débardeur',
  Hoodie: 'Sweat à capuche',
  Pullover: 'Pull',
  Sweatshirt: 'Sweat-shirt',
  Bra: 'Brassière',
  Camisole: 'Caraco',
  'Workout Pants': "Pantalon d'entraînement",
  Sweatpants: 'Pantalon de jogging',
  'Track Pants': 'Pantalon de survêtement',
  'Base Layer': 'Première couche',
  Leggings: 'Leggings',
  Compression: 'Compression',
  Tights: 'Collant',
  Parachute: 'Parachute',
  Capri: 'Corsaire',
  Basic: 'Basique',
  Snug: 'Ajusté',
  Luggage: 'Bagage',
  Duffel: 'Sac de voyage',
  Exercise: 'Exercice',
  Messenger: 'Sacoche',
  Tote: 'Cabas',
  Backpack: 'Sac à dos',
  Laptop: 'Ordinateur portable',
};

/**
 * The label of a facet value in a locale: `label('Jackets', 'fr')` → `"Vestes"`. A hierarchical value
 * (`Men > Tops > Jackets`) is translated segment by segment.
 */
export function label(value: string, locale: Locale): string {
  if (locale === 'en') return value;
  if (value.includes(' > '))
    return value
      .split(' > ')
      .map((part) => label(part, locale))
      .join(' > ');
  return frenchLabels[value] ?? value;
}

/** Lower-cased English keys and French labels → the key; a text that two keys share is left out. */
const keysByText: ReadonlyMap<string, string> = (() => {
  const keys = new Map<string, string>();
  const shared = new Set<string>();
  for (const [key, french] of Object.entries(frenchLabels)) {
    for (const text of [key.toLowerCase(), french.toLowerCase()]) {
      if (keys.has(text) && keys.get(text) !== key) shared.add(text);
      keys.set(text, key);
    }
  }
  for (const text of shared) keys.delete(text);
  return keys;
})();

/**
 * The facet value a shopper's text names, for addresses typed or edited by hand: `"Noir"` or `"black"` →
 * `"Black"`. A text that is no known label or key is returned as it is (sizes, values without a French label).
 */
export function facetValueOf(text: string): string {
  return keysByText.get(text.toLowerCase()) ?? text;
}
