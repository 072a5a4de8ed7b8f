/**
 * A concert-ticketing catalogue, shaped unlike our storefront's: one record per show, with the venue as a
 * three-level nested object (`venue.address.city`, postcodes as strings such as `"1017 CG"` or `"01136-000"`),
 * performers as an array of objects (`performers[].name`, `performers[].role`, empty on a few shows), dates as unix
 * seconds (`startsAt`, `doorsAt` missing on some), a nested price, a boolean with a dash in its name (`sold-out`),
 * a boolean that is sometimes `null` or missing (`accessible`), a rating that is a number, `null` or missing, an
 * age limit that is a number on most shows and a numeric string on others, an attribute whose name holds a literal
 * dot (`ticket.provider`), tags with spaces, quotes, colons and emoji (empty on some), hierarchical categories
 * (some stopping at level 1, some placed twice at level 2), cities in Latin, Greek, Cyrillic and Japanese scripts,
 * a few very long descriptions, and objectIDs holding spaces, slashes, `%`, `#`, `?`, `&` and non-Latin letters.
 * Used by contract tests across test/contract/ (search, facets, helper, settings, writes, clients); expectations
 * are computed from these records.
 */
export type Role = 'headliner' | 'support' | 'guest';
export type Concert = {
  readonly objectID: string;
  readonly title: string;
  readonly description: string;
  readonly genre: string;
  readonly tags: readonly string[];
  readonly venue: {
    readonly name: string;
    readonly capacity: number;
    readonly address: {
      readonly city: string;
      readonly country: string;
      readonly postcode: string;
    };
  };
  readonly performers: readonly { readonly name: string; readonly role: Role }[];
  readonly startsAt: number;
  readonly doorsAt?: number;
  readonly price: { readonly min: number; readonly max: number; readonly currency: string };
  readonly 'sold-out': boolean;
  readonly accessible?: boolean | null;
  readonly rating?: number | null;
  readonly ageLimit: number | string;
  readonly 'ticket.provider'?: string;
  readonly categories: {
    readonly lvl0: string | readonly string[];
    readonly lvl1: string | readonly string[];
    readonly lvl2?: string | readonly string[];
  };
  readonly popularity: number;
};

type Venue = [
  name: string,
  capacity: number,
  city: string,
  country: string,
  postcode: string,
  currency: string,
];
const venues: Record<string, Venue> = {
  olympia: ["L'Olympia", 1985, 'Paris', 'France', '75009', 'EUR'],
  cigale: ['La Cigale', 1389, 'Paris', 'France', '75018', 'EUR'],
  zebre: ['Le Zèbre de Belleville', 200, 'Paris', 'France', '75011', 'EUR'],
  transbo: ['Le Transbordeur', 1800, 'Villeurbanne', 'France', '69100', 'EUR'],
  opera: ['Opéra de Lyon', 1100, 'Lyon', 'France', '69001', 'EUR'],
  aeronef: ["L'Aéronef", 2000, 'Lille', 'France', '59777', 'EUR'],
  bikini: ['Le Bikini', 1500, 'Ramonville-Saint-Agne', 'France', '31520', 'EUR'],
  zenith: ['Zénith Nantes Métropole', 8500, 'Saint-Herblain', 'France', '44800', 'EUR'],
  ab: ['Ancienne Belgique', 2000, 'Bruxelles', 'Belgique', '1000', 'EUR'],
  rockhal: ['Rockhal', 6500, 'Esch-sur-Alzette', 'Luxembourg', '4361', 'EUR'],
  paradiso: ['Paradiso', 1500, 'Amsterdam', 'Pays-Bas', '1017 CG', 'EUR'],
  tonhalle: ['Tonhalle', 1455, 'Zürich', 'Suisse', '8001', 'CHF'],
  mtelus: ['MTELUS', 2300, 'Montréal', 'Canada', 'H2X 1Y9', 'CAD'],
  budokan: ['日本武道館', 14471, '東京', 'Japon', '102-8321', 'JPY'],
  studio: ['Klub Studio', 1200, 'Kraków', 'Pologne', '30-079', 'PLN'],
  gazarte: ['Gazarte', 1000, 'Αθήνα', 'Grèce', '118 54', 'EUR'],
  ndk: ['Зала 1 НДК', 3380, 'София', 'Bulgarie', '1463', 'BGN'],
  audio: ['Audio Club', 3000, 'São Paulo', 'Brésil', '01136-000', 'BRL'],
  santjordi: ['Palau Sant Jordi', 17000, 'Barcelona', 'Espagne', '08038', 'EUR'],
  rah: ['Royal Albert Hall', 5272, 'London', 'Royaume-Uni', 'SW7 2AP', 'GBP'],
  konzerthaus: ['Wiener Konzerthaus', 1865, 'Wien', 'Autriche', '1030', 'EUR'],
};

interface Tour {
  /** Title of every show of the tour. */
  readonly title: string;
  readonly genre: string;
  /** The deepest category path(s); `" > "`-separated. */
  readonly category: string | readonly string[];
  /** `"Name/role;Name/role"`, `""` for none. */
  readonly performers: string;
  readonly price: readonly [min: number, max: number];
  readonly tags: readonly string[];
  readonly ageLimit: number;
  readonly text: string;
  /**
   * `"venue|YYYY-MM-DD HH:MM|flags|objectID"`: flags `S` sold out, `A`/`a`/`n` accessible true/false/null (none:
   * missing), `r4.5` rating, `r-` rating null, `q` age limit as a numeric string, `d` no doorsAt, `p` a ticket
   * provider, `L` a very long description; objectID optional.
   */
  readonly stops: readonly string[];
}

const tours: Tour[] = [
  {
    title: 'Les Étoiles Filantes — Tournée des Lucioles',
    genre: 'Chanson',
    category: 'Concerts > Chanson > Nouvelle scène',
    performers: 'Les Étoiles Filantes/headliner;Maëlle Rivière/support',
    price: [32, 58],
    tags: ['nouveauté', 'famille'],
    ageLimit: 0,
    text: 'Un spectacle poétique et lumineux, entre accordéon, cordes et chœurs.',
    stops: [
      'olympia|2026-03-14 20:00|S A r4.5|evt-001',
      'transbo|2026-03-18 20:30|A r4.2|evt-002',
      'aeronef|2026-03-21 20:00|a r3.9|evt-003',
      'ab|2026-03-25 20:00|n|evt-004',
      'mtelus|2026-04-10 19:30|A r4.7 p|evt-005',
    ],
  },
  {
    title: 'Nordlys live',
    genre: 'Électro',
    category: ['Concerts > Électro > Live', 'Concerts > Électro > Ambient'],
    performers: 'Nordlys/headliner;DJ Kōji/support;Aurora Nights/guest',
    price: [39, 79],
    tags: ['after: 2h', '18+', 'VIP'],
    ageLimit: 18,
    text: 'Synthétiseurs modulaires, lumières boréales et basses profondes jusque tard dans la nuit.',
    stops: [
      'paradiso|2026-02-06 22:00|A r4.8|evt-006',
      'rockhal|2026-02-07 21:00|S A r4.6 q|evt-007',
      'bikini|2026-02-13 22:00|a r-|evt-008',
      'studio|2026-02-20 21:30|r4.1|evt-009',
      'budokan|2026-05-02 19:00|S A r4.9 p|ライブ#7',
    ],
  },
  {
    title: 'Ana Müller Trio plays Monk',
    genre: 'Jazz',
    category: 'Concerts > Jazz > Be-bop',
    performers: 'Ana Müller Trio/headliner',
    price: [25, 45],
    tags: ['session "live"'],
    ageLimit: 0,
    text: 'Piano, contrebasse et batterie revisitent Thelonious Monk avec malice.',
    stops: [
      'zebre|2026-01-16 21:00|a r4.4|evt-010',
      'tonhalle|2026-01-23 20:00|A r4.6|evt-011',
      'konzerthaus|2026-01-30 19:30|A r4.3 d|evt-012',
      'opera|2026-02-03 20:00|A|evt-013',
    ],
  },
  {
    title: 'The Static Hearts — Neon Summer Tour',
    genre: 'Rock',
    category: 'Concerts > Rock > Indie',
    performers: 'The Static Hearts/headliner;Los Pájaros/support',
    price: [35, 65],
    tags: ['plein air', 'festival', '🎸 guitare'],
    ageLimit: 12,
    text: 'Guitares saturées, refrains à chanter en chœur et une énergie de garage band.',
    stops: [
      'cigale|2026-06-12 20:00|S A r4.5|evt-014',
      'zenith|2026-06-14 20:00|A r4.0|evt-015',
      'santjordi|2026-06-20 21:00|A r4.2 p|evt-016',
      'rah|2026-06-26 19:30|A r4.4|evt-017',
      'audio|2026-07-10 21:00|n r3.8|evt-018',
      'paradiso|2026-06-30 20:30|S|evt 019/amsterdam',
    ],
  },
  {
    title: 'Orchestre de Chambre de Lyon : Les Quatre Saisons',
    genre: 'Classique',
    category: 'Concerts > Classique > Baroque',
    performers: 'Orchestre de Chambre de Lyon/headliner;Chloé Dubois/guest',
    price: [18, 72],
    tags: ['famille', 'accès PMR'],
    ageLimit: 0,
    text: 'Vivaldi sur instruments d’époque, avec Chloé Dubois au violon solo.',
    stops: [
      'opera|2026-09-19 20:00|A r4.9 L|evt-020',
      'konzerthaus|2026-09-25 19:30|A r4.7|evt-021',
      'tonhalle|2026-09-27 17:00|A r4.8 d|evt-022',
      'olympia|2026-10-03 20:00|A r-|evt-023',
    ],
  },
  {
    title: 'Kwame Asante — Highlife Nights',
    genre: 'Musiques du monde',
    category: 'Concerts > Musiques du monde > Afrique',
    performers: 'Kwame Asante/headliner;Brass Fanfare 13/support',
    price: [22, 40],
    tags: ['plein air'],
    ageLimit: 0,
    text: 'Cuivres, guitares highlife et danse jusqu’au bout de la nuit.',
    stops: [
      'zebre|2026-05-08 20:30|a r4.3|evt-024',
      'ab|2026-05-12 20:00|A r4.1|evt-025',
      'bikini|2026-05-16 20:00|r4.0|evt-026',
    ],
  },
  {
    title: 'MC Lúcio & Banda Sol',
    genre: 'Hip-hop',
    category: 'Concerts > Hip-hop > Rap',
    performers: 'MC Lúcio/headliner;Banda Sol/support',
    price: [28, 48],
    tags: ['18+', 'after: 2h'],
    ageLimit: 16,
    text: 'Rap lusophone, samples de samba et scratchs en direct.',
    stops: [
      'audio|2026-08-21 22:00|S n r4.6|evt-027',
      'transbo|2026-09-04 20:30|A r4.2 q|evt-028',
      'cigale|2026-09-06 20:00|A r4.4|evt-029',
      'aeronef|2026-09-09 20:00|a|evt-030',
    ],
  },
  {
    title: 'Black Fjord — Ragnarök Over Europe',
    genre: 'Métal',
    category: 'Concerts > Métal > Black metal',
    performers: 'Black Fjord/headliner;Vargr/support;Hel Kvinne/support',
    price: [42, 42],
    tags: ['18+'],
    ageLimit: 18,
    text: 'Blast beats, riffs glacials et pyrotechnie nordique.',
    stops: [
      'rockhal|2026-11-06 19:00|A r4.0|evt-031',
      'studio|2026-11-10 19:30|a r3.7 q|evt-032',
      'ndk|2026-11-14 20:00|n r-|evt-033',
      'paradiso|2026-11-18 19:00|S A r4.5|evt-034',
    ],
  },
  {
    title: 'Camille Roy : « Mon voisin est un drone »',
    genre: 'Humour',
    category: 'Spectacles > Humour',
    performers: 'Camille Roy/headliner',
    price: [29, 39],
    tags: ['famille', 'nouveauté'],
    ageLimit: 10,
    text: 'Un seul-en-scène absurde et tendre sur la vie connectée.',
    stops: [
      'cigale|2026-01-22 20:00|A r4.1|evt-035',
      'zebre|2026-01-29 21:00|a r4.6|evt-036',
      'mtelus|2026-03-05 20:00|A r4.3 p|evt-037',
      'ab|2026-03-12 20:15|A|evt-038',
    ],
  },
  {
    title: 'Sofía Reyes Quartet — Tango nuevo',
    genre: 'Jazz',
    category: ['Concerts > Jazz > Fusion', 'Concerts > Musiques du monde > Amérique latine'],
    performers: 'Sofía Reyes Quartet/headliner;Joaquín Ferraro/guest',
    price: [30, 55],
    tags: ['session "live"', 'accès PMR'],
    ageLimit: 0,
    text: 'Bandonéon, piano et contrebasse pour un tango nuevo élégant et sensuel.',
    stops: [
      'tonhalle|2026-04-17 20:00|A r4.7|evt-039',
      'santjordi|2026-04-22 21:00|A r4.2|evt-040',
      'opera|2026-04-25 20:00|A r4.5 d|evt-041',
    ],
  },
  {
    title: 'Ηλίας Παππάς — Ρεμπέτικα',
    genre: 'Musiques du monde',
    category: 'Concerts > Musiques du monde > Europe',
    performers: 'Ηλίας Παππάς/headliner;Ελένη Κ./guest',
    price: [20, 35],
    tags: [],
    ageLimit: 0,
    text: 'Bouzouki et chants rebetiko, dans la tradition des tavernes du Pirée.',
    stops: [
      'gazarte|2026-05-22 21:30|n r4.8|evt-042',
      'gazarte|2026-05-23 21:30|S n r4.9|evt-043',
      'konzerthaus|2026-06-02 19:30|A|evt-044',
    ],
  },
  {
    title: 'Иван Петров — Symphonic Tales',
    genre: 'Classique',
    category: 'Concerts > Classique > Romantique',
    performers: 'Иван Петров/headliner;Orchestre Philharmonique de Sofia/support',
    price: [15, 60],
    tags: ['accès PMR'],
    ageLimit: 0,
    text: 'Tchaïkovski et Rachmaninov dirigés avec fougue.',
    stops: [
      'ndk|2026-10-09 19:00|A r4.6|evt-045',
      'rah|2026-10-15 19:30|A r4.4|evt-046',
      'konzerthaus|2026-10-20 19:30|A r4.5 L|evt-047',
    ],
  },
  {
    title: '蒼井バンド Japan Tour',
    genre: 'Rock',
    category: 'Concerts > Rock > J-rock',
    performers: '蒼井バンド/headliner;The Night Owls/support',
    price: [4800, 9800],
    tags: ['🎸 guitare'],
    ageLimit: 6,
    text: 'Le groupe de rock japonais revient avec un nouvel album et des guitares étincelantes.',
    stops: [
      'budokan|2026-07-18 18:30|S A r4.9|evt-048',
      'budokan|2026-07-19 17:00|A r4.8|evt-049',
      'budokan|2026-07-20 17:00|A r-|東京-公演/3',
    ],
  },
  {
    title: 'The Night Owls — Midnight Sessions',
    genre: 'Rock',
    category: 'Concerts > Rock > Blues rock',
    performers: 'The Night Owls/headliner',
    price: [26, 44],
    tags: ['after: 2h'],
    ageLimit: 16,
    text: 'Blues rock poisseux, slide guitar et harmonica.',
    stops: [
      'zebre|2026-02-27 22:00|a r4.2|evt-050',
      'bikini|2026-03-03 21:00|r3.9|evt-051',
      'rah|2026-03-10 20:00|A r4.0 q|evt-052',
      'mtelus|2026-03-20 21:00|A|evt-053',
    ],
  },
  {
    title: 'Maëlle Rivière en solo',
    genre: 'Chanson',
    category: 'Concerts > Chanson > Piano-voix',
    performers: 'Maëlle Rivière/headliner',
    price: [19, 29],
    tags: ["L'été", 'nouveauté'],
    ageLimit: 0,
    text: 'Piano-voix intimiste, textes ciselés et humour discret.',
    stops: [
      'zebre|2026-07-02 20:00|a r4.7|evt-054',
      'opera|2026-07-05 20:00|A r4.5|evt-055',
      'aeronef|2026-07-08 20:00|a r4.0|evt-056',
      'cigale|2026-07-11 20:00|S A r4.8|evt-057',
    ],
  },
  {
    title: 'DJ Kōji — Tokyo Underground',
    genre: 'Électro',
    category: 'Concerts > Électro > Techno',
    performers: 'DJ Kōji/headliner',
    price: [15, 25],
    tags: ['18+', 'after: 2h'],
    ageLimit: 18,
    text: 'Techno minimale, rythmes hypnotiques et visuels génératifs.',
    stops: [
      'paradiso|2026-04-03 23:00|A r4.3|evt-058',
      'studio|2026-04-04 23:00|r4.1 q|evt-059',
      'bikini|2026-04-11 23:30|a r-|100% techno',
      'transbo|2026-04-18 23:00|A r4.0 d|evt-061',
    ],
  },
  {
    title: 'Festival des Lumières : nuit électro',
    genre: 'Électro',
    category: ['Concerts > Électro > Live', 'Festivals > Électro'],
    performers: 'Nordlys/headliner;DJ Kōji/headliner;Aurora Nights/support;Kwame Asante/guest',
    price: [55, 120],
    tags: ['festival', 'plein air', 'VIP', '18+'],
    ageLimit: 18,
    text: 'Une nuit entière de sets électroniques sous les projections de la Fête des Lumières.',
    stops: [
      'transbo|2026-12-08 20:00|S A r4.9 p L|fête/lumières 2026',
      'transbo|2026-12-09 20:00|A r4.7 p|fête/lumières 2026 (2)',
    ],
  },
  {
    title: 'Aurora Nights — Borealis',
    genre: 'Électro',
    category: 'Concerts > Électro > Ambient',
    performers: 'Aurora Nights/headliner;Nordlys/guest',
    price: [24, 36],
    tags: ['nouveauté'],
    ageLimit: 0,
    text: 'Nappes ambient, violoncelle et field recordings islandais.',
    stops: [
      'tonhalle|2026-01-09 20:00|A r4.4|evt-064',
      'ab|2026-01-14 20:00|A r4.2|evt-065',
      'rah|2026-01-19 19:30|A r4.5|evt-066',
    ],
  },
  {
    title: 'Brass Fanfare 13 — Parade',
    genre: 'Musiques du monde',
    category: 'Concerts > Musiques du monde > Balkans',
    performers: 'Brass Fanfare 13/headliner',
    price: [12, 18],
    tags: ['plein air', 'famille', 'festival'],
    ageLimit: 0,
    text: 'Une fanfare balkanique qui déambule et fait danser petits et grands.',
    stops: [
      'zebre|2026-06-21 18:00|a r4.6|evt-067',
      'bikini|2026-06-27 18:00|r4.4|evt-068',
      'aeronef|2026-07-04 18:00|a r-|evt-069',
      'ab|2026-07-12 18:00|A r4.3|evt-070',
    ],
  },
  {
    title: 'Los Pájaros — Vuelo',
    genre: 'Rock',
    category: 'Concerts > Rock > Indie',
    performers: 'Los Pájaros/headliner;Joaquín Ferraro/support',
    price: [23, 34],
    tags: ['nouveauté', '🎸 guitare'],
    ageLimit: 0,
    text: 'Indie rock ensoleillé venu de Valparaíso, guitares carillonnantes et harmonies vocales.',
    stops: [
      'santjordi|2026-05-29 21:30|A r4.1|evt-071',
      'cigale|2026-06-03 20:00|A r4.0|evt-072',
      'audio|2026-06-18 21:00|n|evt-073',
    ],
  },
  {
    title: 'Chloé Dubois — Bach, Ysaÿe, Bartók',
    genre: 'Classique',
    category: 'Concerts > Classique > Récital',
    performers: 'Chloé Dubois/headliner',
    price: [25, 50],
    tags: ['accès PMR'],
    ageLimit: 0,
    text: 'Récital de violon seul : partitas de Bach, sonates d’Ysaÿe et de Bartók.',
    stops: [
      'opera|2026-11-13 20:00|A r4.8|evt-074',
      'tonhalle|2026-11-20 19:30|A r4.9|evt-075',
      'konzerthaus|2026-11-27 19:30|A r4.7 d|evt-076',
      'rah|2026-12-04 19:30|A r4.6|evt-077',
    ],
  },
  {
    title: 'Soirée découverte : scène ouverte',
    genre: 'Chanson',
    category: 'Concerts > Chanson > Nouvelle scène',
    performers: '',
    price: [0, 0],
    tags: [],
    ageLimit: 0,
    text: 'Programmation surprise : les artistes sont annoncés le soir même.',
    stops: [
      'zebre|2026-01-07 20:00|a|evt-078',
      'zebre|2026-02-04 20:00|a|evt-079',
      'zebre|2026-03-04 20:00|a r-|evt-080',
    ],
  },
  {
    title: 'Hel Kvinne — Valkyrie',
    genre: 'Métal',
    category: ['Concerts > Métal > Folk metal', 'Concerts > Métal > Black metal'],
    performers: 'Hel Kvinne/headliner;Vargr/support',
    price: [30, 38],
    tags: ['18+'],
    ageLimit: 16,
    text: 'Folk metal épique, nyckelharpa et chœurs guerriers.',
    stops: [
      'studio|2026-08-28 20:00|r4.2|evt-081',
      'ndk|2026-09-01 20:00|n r3.9 q|evt-082',
      'rockhal|2026-09-05 20:00|A r4.4|evt-083',
      'aeronef|2026-09-08 20:00|a r4.1|evt-084',
    ],
  },
  {
    title: 'Stand-up Montréal : Rires d’hiver',
    genre: 'Humour',
    category: 'Spectacles > Humour',
    performers: 'Camille Roy/headliner;Jean-Félix Tremblay/support;Zoé Marchand/guest',
    price: [35, 55],
    tags: ['18+'],
    ageLimit: 16,
    text: 'Trois humoristes, un plateau, et beaucoup de neige dans les blagues.',
    stops: ['mtelus|2026-02-14 20:00|A r4.5|evt-085', 'mtelus|2026-02-15 20:00|S A r4.6 p|evt-086'],
  },
  {
    title: 'Zoé Marchand — Première',
    genre: 'Chanson',
    category: 'Concerts > Chanson > Pop',
    performers: 'Zoé Marchand/headliner;Les Étoiles Filantes/guest',
    price: [27, 47],
    tags: ['nouveauté', "L'été"],
    ageLimit: 0,
    text: 'Pop francophone aux synthés rétro, refrains solaires et chorégraphies.',
    stops: [
      'olympia|2026-08-29 20:00|A r4.3|evt-087',
      'zenith|2026-09-02 20:00|A r4.1|evt-088',
      'mtelus|2026-09-12 20:00|A r4.4 p|evt-089',
      'ab|2026-09-18 20:00|A|evt-090',
      'rockhal|2026-09-20 20:00|A r-|evt-091',
    ],
  },
  {
    title: 'Jazz à la Carte : big band',
    genre: 'Jazz',
    category: 'Concerts > Jazz > Big band',
    performers: 'Big Band de Belleville/headliner;Ana Müller Trio/guest',
    price: [16, 28],
    tags: ['famille', 'session "live"'],
    ageLimit: 0,
    text: 'Dix-sept musiciens, des standards swing et des arrangements inédits.',
    stops: [
      'zebre|2026-10-16 20:30|a r4.5|evt-092',
      'zebre|2026-10-17 20:30|S a r4.6|evt-093',
      'opera|2026-10-24 20:00|A r4.3 L|evt-094',
    ],
  },
  {
    title: 'Vargr — Ulveheim',
    genre: 'Métal',
    category: 'Concerts > Métal > Black metal',
    performers: 'Vargr/headliner',
    price: [25, 25],
    tags: [],
    ageLimit: 18,
    text: 'Black metal atmosphérique, riffs tremolo et ambiances forestières.',
    stops: ['bikini|2026-03-27 20:00|r3.6|evt-095', 'studio|2026-04-01 20:00|r-|evt-096'],
  },
  {
    title: 'Joaquín Ferraro — Guitarra sola',
    genre: 'Musiques du monde',
    category: 'Concerts > Musiques du monde > Amérique latine',
    performers: 'Joaquín Ferraro/headliner',
    price: [20, 30],
    tags: ['🎸 guitare', 'accès PMR'],
    ageLimit: 0,
    text: 'Guitare classique : milongas, chacareras et valses péruviennes.',
    stops: [
      'opera|2026-02-19 20:00|A r4.6|evt-097',
      'audio|2026-03-01 20:00|n r4.4|evt-098',
      'santjordi|2026-03-07 20:00|A r4.2 d|evt-099',
    ],
  },
  {
    title: 'Kids Rock! Concert en famille',
    genre: 'Rock',
    category: 'Concerts > Rock > Jeune public',
    performers: 'The Static Hearts/headliner;Brass Fanfare 13/guest',
    price: [10, 15],
    tags: ['famille', 'plein air'],
    ageLimit: 3,
    text: 'Un concert de rock pensé pour les enfants, casques anti-bruit fournis.',
    stops: [
      'cigale|2026-04-15 15:00|A r4.8|evt-100',
      'transbo|2026-04-19 15:00|A r4.6|evt-101',
      'zenith|2026-04-22 15:00|A r4.5|evt-102',
      'ab|2026-04-26 15:00|A r-|evt-103',
    ],
  },
  {
    title: 'Nuit du Rap Francophone',
    genre: 'Hip-hop',
    category: ['Concerts > Hip-hop > Rap', 'Festivals > Hip-hop'],
    performers: 'MC Lúcio/headliner;Zoé Marchand/guest;Kenza B./headliner;Tarek 93/support',
    price: [45, 85],
    tags: ['festival', '18+', 'after: 2h', 'VIP'],
    ageLimit: 16,
    text: 'Cinq heures de rap francophone, clashs improvisés et invités surprises.',
    stops: [
      'zenith|2026-10-31 19:00|S A r4.7 p|evt-104',
      'santjordi|2026-11-07 19:00|A r4.1|evt-105',
      'rockhal|2026-11-14 19:00|A r4.3|evt-106',
    ],
  },
  {
    title: 'Kenza B. — Racines',
    genre: 'Hip-hop',
    category: 'Concerts > Hip-hop > R&B',
    performers: 'Kenza B./headliner;Tarek 93/support',
    price: [31, 52],
    tags: ['nouveauté'],
    ageLimit: 12,
    text: 'R&B soyeux, productions trap et hommages au raï de son enfance.',
    stops: [
      'olympia|2026-05-15 20:00|S A r4.6|evt-107',
      'aeronef|2026-05-19 20:00|a r4.2|evt-108',
      'transbo|2026-05-22 20:00|A r4.4 q|evt-109',
      'bikini|2026-05-26 20:00|r4.0|evt-110',
      'ab|2026-05-29 20:00|A r4.3|evt-111',
    ],
  },
  {
    title: 'Tarek 93 — Bitume',
    genre: 'Hip-hop',
    category: 'Concerts > Hip-hop > Rap',
    performers: 'Tarek 93/headliner',
    price: [22, 30],
    tags: ['18+'],
    ageLimit: 16,
    text: 'Rap brut du 93, textes engagés et beats minimalistes.',
    stops: ['cigale|2026-12-11 20:00|A r4.0|evt-112', 'zebre|2026-12-12 21:00|S a r4.4|evt-113'],
  },
  {
    title: 'Requiem de Mozart',
    genre: 'Classique',
    category: 'Concerts > Classique > Sacré',
    performers:
      'Orchestre de Chambre de Lyon/headliner;Chœur de la Cité/headliner;Иван Петров/guest',
    price: [20, 90],
    tags: ['accès PMR'],
    ageLimit: 0,
    text: 'Le Requiem en ré mineur, solistes, chœur et orchestre, sous la direction d’Иван Петров.',
    stops: [
      'opera|2026-11-01 17:00|A r4.9|evt-114',
      'konzerthaus|2026-11-08 19:30|A r4.8|evt-115',
      'rah|2026-11-12 19:30|A r4.7|evt-116',
      'ndk|2026-11-21 19:00|A r4.6|evt-117',
    ],
  },
  {
    title: 'Bossa & Samba ao vivo',
    genre: 'Musiques du monde',
    category: ['Concerts > Musiques du monde > Amérique latine', 'Concerts > Jazz > Fusion'],
    performers: 'Banda Sol/headliner;MC Lúcio/guest',
    price: [60, 140],
    tags: ['plein air', 'festival'],
    ageLimit: 0,
    text: 'Bossa nova au coucher du soleil, puis samba enflammée jusqu’à minuit.',
    stops: [
      'audio|2026-02-28 20:00|n r4.7|evt-118',
      'audio|2026-03-01 18:00|n r4.5|evt-119',
      'santjordi|2026-03-14 20:00|A r4.1|evt-120',
    ],
  },
  {
    title: 'Zürich Jazz Nacht',
    genre: 'Jazz',
    category: 'Concerts > Jazz > Fusion',
    performers:
      'Ana Müller Trio/headliner;Sofía Reyes Quartet/support;Big Band de Belleville/guest',
    price: [45, 95],
    tags: ['festival', 'VIP'],
    ageLimit: 0,
    text: 'Une nuit de jazz au bord de la Limmat avec trois formations européennes.',
    stops: [
      'tonhalle|2026-08-15 19:00|S A r4.8 p|zürich jazz #1',
      'tonhalle|2026-08-16 19:00|A r4.6|evt-122',
    ],
  },
  {
    title: 'The Static Hearts — Acoustic',
    genre: 'Rock',
    category: 'Concerts > Rock > Acoustique',
    performers: 'The Static Hearts/headliner',
    price: [30, 40],
    tags: ['session "live"'],
    ageLimit: 0,
    text: 'Les chansons du groupe en version dépouillée, guitares sèches et harmonies.',
    stops: [
      'zebre|2026-12-17 20:00|a r4.9|evt-123',
      'ab|2026-12-19 20:00|A r4.7 q|evt-124',
      'paradiso|2026-12-21 20:00|A|a+b=c?&d',
    ],
  },
  {
    title: 'Gala du Nouvel An',
    genre: 'Classique',
    category: 'Concerts > Classique > Romantique',
    performers: 'Orchestre Philharmonique de Sofia/headliner;Chloé Dubois/guest',
    price: [50, 180],
    tags: ['VIP', 'famille'],
    ageLimit: 0,
    text: 'Valses, polkas et champagne pour commencer l’année 2027.',
    stops: [
      'konzerthaus|2026-12-31 21:00|S A r4.9 p|evt-126',
      'ndk|2027-01-01 18:00|A r4.5|evt-127',
      'rah|2026-12-31 20:00|S A r4.8|evt-128',
    ],
  },
  {
    title: 'Les Étoiles Filantes — Unplugged',
    genre: 'Chanson',
    category: ['Concerts > Chanson > Nouvelle scène', 'Concerts > Rock > Acoustique'],
    performers: 'Les Étoiles Filantes/headliner',
    price: [28, 38],
    tags: ['session "live"', "L'été"],
    ageLimit: 0,
    text: 'Version acoustique, ukulélé et chœurs à trois voix.',
    stops: [
      'opera|2027-01-15 20:00|A r4.4|evt-129',
      'aeronef|2027-01-20 20:00|a|evt-130',
      'bikini|2027-01-24 20:00|r4.2 q|evt-131',
    ],
  },
  {
    title: 'Électro-Swing Party',
    genre: 'Électro',
    category: ['Concerts > Électro > Live', 'Concerts > Jazz > Swing'],
    performers: 'Big Band de Belleville/headliner;DJ Kōji/support',
    price: [18, 26],
    tags: ['after: 2h', 'plein air'],
    ageLimit: 18,
    text: 'Cuivres swing et beats électro, costumes des années folles bienvenus.',
    stops: [
      'zebre|2027-02-05 22:00|a r4.5|evt-132',
      'cigale|2027-02-12 22:00|A r4.3|evt-133',
      'ab|2027-02-19 22:00|A r-|evt-134',
      'paradiso|2027-02-26 22:00|A r4.1|evt-135',
    ],
  },
  {
    title: 'Ελένη Κ. — Σμύρνη',
    genre: 'Musiques du monde',
    category: 'Concerts > Musiques du monde > Europe',
    performers: 'Ελένη Κ./headliner;Ηλίας Παππάς/support',
    price: [18, 28],
    tags: ['nouveauté'],
    ageLimit: 0,
    text: 'Chansons smyrniotes, oud et violon, dans une ambiance de café-aman.',
    stops: [
      'gazarte|2027-03-05 21:00|n r4.6|evt-136',
      'konzerthaus|2027-03-10 19:30|A r4.4|evt-137',
      'opera|2027-03-14 20:00|A|evt-138',
    ],
  },
  {
    title: 'Vienne–Tokyo : dialogues',
    genre: 'Classique',
    category: ['Concerts > Classique > Contemporain', 'Concerts > Musiques du monde > Asie'],
    performers: 'Chloé Dubois/headliner;蒼井バンド/guest',
    price: [3000, 12000],
    tags: [],
    ageLimit: 0,
    text: 'Création contemporaine pour violon, koto et guitare électrique.',
    stops: ['budokan|2027-04-02 19:00|A r4.2 d|evt-139', 'budokan|2027-04-03 15:00|A r-|evt-140'],
  },
  {
    title: 'Tribute Night: Rock des années 70',
    genre: 'Rock',
    category: 'Concerts > Rock > Classic rock',
    performers: 'The Night Owls/headliner;Vargr/guest',
    price: [20, 32],
    tags: ['🎸 guitare', 'VIP'],
    ageLimit: 12,
    text: 'Reprises de classiques seventies, solos interminables et pantalons pattes d’éléphant.',
    stops: [
      'rockhal|2027-03-19 20:00|A r3.9|evt-141',
      'bikini|2027-03-24 20:00|r4.1|evt-142',
      'zenith|2027-03-27 20:00|A r4.0 q|evt-143',
      'aeronef|2027-03-31 20:00|a r3.8|evt-144',
    ],
  },
  {
    title: 'Kraków Klezmer Festival',
    genre: 'Musiques du monde',
    category: ['Concerts > Musiques du monde > Europe', 'Festivals > Musiques du monde'],
    performers: 'Kapela Wiśniowa/headliner;Brass Fanfare 13/support',
    price: [60, 120],
    tags: ['festival', 'plein air', 'famille'],
    ageLimit: 0,
    text: 'Clarinettes, violons et cymbalum dans le quartier de Kazimierz.',
    stops: [
      'studio|2027-06-25 19:00|A r4.7|evt-145',
      'studio|2027-06-26 19:00|S A r4.8 p|evt-146',
      'studio|2027-06-27 17:00|A r4.6|evt-147',
    ],
  },
  {
    title: 'Nordlys × Orchestre de Chambre de Lyon',
    genre: 'Électro',
    category: ['Concerts > Électro > Ambient', 'Concerts > Classique > Contemporain'],
    performers: 'Nordlys/headliner;Orchestre de Chambre de Lyon/headliner',
    price: [35, 75],
    tags: ['nouveauté', 'accès PMR'],
    ageLimit: 0,
    text: 'Cordes et synthétiseurs pour une création immersive en quadriphonie.',
    stops: [
      'opera|2027-05-07 20:00|A r4.8 L|evt-148',
      'opera|2027-05-08 20:00|S A r4.9|evt-149',
      'konzerthaus|2027-05-14 19:30|A r4.7|évènement spécial: 50%',
    ],
  },
];

/** A long text block: many words, with `contrebasse` only past its 300th word. */
const longText = (topic: string) =>
  [
    `${topic} Le programme de cette soirée a été pensé comme un voyage.`,
    ...Array.from(
      { length: 30 },
      (_, at) =>
        `Mouvement ${at + 1} : les musiciens installent une atmosphère nouvelle, les lumières changent doucement et le public est invité à écouter chaque détail.`,
    ),
    'Au rappel, un solo de contrebasse surprend toute la salle.',
    'Fin du programme.',
  ].join(' ');

const toUnix = (when: string) => {
  const [date = '', time = ''] = when.split(' ');
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return Date.UTC(year, month - 1, day, hour, minute) / 1000;
};

function categoriesOf(category: string | readonly string[]): Concert['categories'] {
  const leaves = typeof category === 'string' ? [category] : category;
  /** The distinct paths of one level: a string when there is one, an array for several placements. */
  const level = (depth: number) => {
    const paths = [
      ...new Set(
        leaves
          .map((leaf) => leaf.split(' > '))
          .filter((parts) => parts.length > depth)
          .map((parts) => parts.slice(0, depth + 1).join(' > ')),
      ),
    ];
    return paths.length === 1 ? (paths[0] ?? '') : paths;
  };
  const lvl2 = level(2);
  return {
    lvl0: level(0),
    lvl1: level(1),
    ...(lvl2.length === 0 ? {} : { lvl2 }),
  };
}

function concertsOf(tour: Tour, tourIndex: number): Concert[] {
  return tour.stops.map((stop, stopIndex) => {
    const [venueKey = '', when = '', flagText = '', id = ''] = stop.split('|');
    const venue = venues[venueKey];
    if (venue === undefined) throw new Error(`Unknown venue ${venueKey}`);
    const [name, capacity, city, country, postcode, currency] = venue;
    const flags = flagText.split(' ').filter(Boolean);
    const startsAt = toUnix(when);
    const rating = flags.find((flag) => flag.startsWith('r'));
    const record: Record<string, unknown> = {
      objectID: id,
      title: tour.title,
      description: flags.includes('L') ? longText(tour.text) : `${tour.text} ${name}, ${city}.`,
      genre: tour.genre,
      tags: [...tour.tags],
      venue: { name, capacity, address: { city, country, postcode } },
      performers: tour.performers
        .split(';')
        .filter(Boolean)
        .map((entry) => {
          const [performer = '', role = 'headliner'] = entry.split('/');
          return { name: performer, role: role as Role };
        }),
      startsAt,
      price: { min: tour.price[0], max: tour.price[1], currency },
      'sold-out': flags.includes('S'),
      ageLimit: flags.includes('q') ? String(tour.ageLimit) : tour.ageLimit,
      categories: categoriesOf(tour.category),
      popularity: ((tourIndex * 17 + stopIndex * 5) * 37) % 1009,
    };
    if (!flags.includes('d')) record['doorsAt'] = startsAt - 3600;
    if (flags.includes('A')) record['accessible'] = true;
    if (flags.includes('a')) record['accessible'] = false;
    if (flags.includes('n')) record['accessible'] = null;
    if (rating !== undefined) record['rating'] = rating === 'r-' ? null : Number(rating.slice(1));
    if (flags.includes('p')) record['ticket.provider'] = 'Billetterie Étoile';
    return record as Concert;
  });
}

export const concerts: readonly Concert[] = tours.flatMap(concertsOf);

/** Settings every `-7` file starts from. */
export const concertSettings = {
  searchableAttributes: [
    'title',
    'performers.name',
    'venue.name,venue.address.city',
    'unordered(description)',
  ],
  attributesForFaceting: [
    'genre',
    'searchable(performers.name)',
    'performers.role',
    'searchable(venue.address.city)',
    'venue.address.country',
    'venue.address.postcode',
    'tags',
    'sold-out',
    'accessible',
    'ageLimit',
    'price.min',
    'venue.capacity',
    'rating',
    'categories.lvl0',
    'categories.lvl1',
    'categories.lvl2',
    'filterOnly(price.currency)',
  ],
  customRanking: ['desc(popularity)'],
  typoTolerance: false,
};

/** The ids of the records that pass `keep`, most popular first (the order an empty query gives). */
export const concertIds = (keep: (concert: Concert) => boolean = () => true): string[] =>
  [...concerts]
    .filter(keep)
    .sort((a, b) => b.popularity - a.popularity)
    .map((concert) => concert.objectID);

/** Every path of a record at `level` of its hierarchy (a string or an array in the record). */
export const pathsAt = (concert: Concert, level: 0 | 1 | 2): string[] => {
  const value = concert.categories[`lvl${level}`];
  return value === undefined ? [] : typeof value === 'string' ? [value] : [...value];
};
