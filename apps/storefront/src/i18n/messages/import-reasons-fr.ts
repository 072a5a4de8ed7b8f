import type { CatalogueReasonTexts } from '@vitrine/catalogue/record-reasons';
import type { UploadProblemCode } from '../../lib/admin/upload-problems.ts';

const typeNames: Readonly<Record<string, string>> = {
  string: 'un texte',
  number: 'un nombre',
  int: 'un nombre entier',
  boolean: 'vrai ou faux (true ou false)',
  array: 'une liste',
  object: 'un objet',
  null: 'null',
  undefined: 'rien',
};
const typeName = (type: string) => typeNames[type] ?? type;
const languageNames: Readonly<Record<string, string>> = { en: 'anglais', fr: 'français' };
const language = (code: string) => languageNames[code] ?? code;
/** The field with its article and gender: `le nom anglais`, `la description française`. */
const textField = (name: string, code: string) => {
  if (name === 'description')
    return `la description ${code === 'fr' ? 'française' : language(code)}`;
  return `le ${name === 'name' ? 'nom' : name} ${language(code)}`;
};
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const atMost = (comparison: string, bound: number) =>
  comparison === '<'
    ? `inférieur à ${bound}`
    : comparison === 'exactly '
      ? `${bound}`
      : `au plus ${bound}`;
const atLeast = (comparison: string, bound: number) =>
  comparison === '>'
    ? `supérieur à ${bound}`
    : comparison === 'exactly '
      ? `${bound}`
      : `au moins ${bound}`;

/**
 * Le français des raisons d’un refus de fichier de catalogue ou d’enregistrement (codes de
 * `@vitrine/catalogue/record-reasons`), enregistrements comptés à partir de 1.
 */
export const importReasonsFr: CatalogueReasonTexts = {
  'value.missing': ({ expected }) => `manquant (attendu : ${typeName(expected)})`,
  'value.wrongType': ({ expected, received }) =>
    `attendu : ${typeName(expected)}, trouvé : ${typeName(received)}`,
  'number.tooSmall': ({ minimum, comparison }) => `doit valoir ${atLeast(comparison, minimum)}`,
  'number.tooBig': ({ maximum, comparison }) => `doit valoir ${atMost(comparison, maximum)}`,
  'text.tooShort': ({ minimum, comparison }) =>
    minimum === 1 && comparison === '>='
      ? 'ne doit pas être vide'
      : `doit compter ${atLeast(comparison, minimum)} caractères`,
  'text.tooLong': ({ maximum, comparison }) =>
    `doit compter ${atMost(comparison, maximum)} caractères`,
  'list.tooShort': ({ minimum, comparison }) =>
    minimum === 1 && comparison === '>='
      ? 'ne doit pas être vide'
      : `doit contenir ${atLeast(comparison, minimum)} éléments`,
  'list.tooLong': ({ maximum, comparison }) =>
    `doit contenir ${atMost(comparison, maximum)} éléments`,
  'date.invalid': () => 'doit être une date et une heure comme 2024-01-31T09:00:00Z',
  'text.pattern': ({ pattern }) => `n’a pas la forme attendue (${pattern})`,
  'keys.unrecognized': ({ keys }) => `champs inconnus : ${keys.join(', ')}`,
  'value.invalid': ({ detail }) => `valeur non valide (${detail})`,
  'texts.fieldNotText': (p) => `${textField(p.field, p.language)} doit être un texte`,
  'texts.fieldEmpty': (p) => `${textField(p.field, p.language)} ne doit pas être vide`,
  'texts.fieldTooLong': (p) =>
    `${textField(p.field, p.language)} doit compter au plus ${p.maximum} caractères`,
  'texts.slugFormat': (p) =>
    `le slug ${language(p.language)} doit être fait de mots en minuscules reliés par des traits d’union (comme veste-juno)`,
  'texts.languageNotObject': (p) =>
    `les textes en ${language(p.language)} doivent être un objet {name, slug, description}`,
  'texts.unsupportedLanguage': ({ languages, supported }) =>
    `textes dans une langue que la boutique n’a pas : ${languages.join(', ')} (la boutique a ${supported.join(', ')})`,
  'texts.notObject': () => 'texts doit être un objet {en: {name, slug, description}, fr?: {…}}',
  'record.fieldBesideTexts': (p) =>
    `${p.field} doit être sous texts.en (ou texts.fr) quand l’enregistrement a des textes`,
  'published.notBoolean': () => 'published doit valoir true ou false',
  'duplicate.id': (p) =>
    `l’identifiant « ${p.value} » est déjà pris par l’enregistrement ${p.firstPosition + 1}`,
  'duplicate.slug': (p) =>
    `le slug anglais « ${p.value} » est déjà pris par l’enregistrement ${p.firstPosition + 1}`,
  'duplicate.frenchSlug': (p) =>
    `le slug français « ${p.value} » est déjà pris par l’enregistrement ${p.firstPosition + 1}`,
  'duplicate.sku': (p) =>
    `le SKU « ${p.value} » est déjà pris par l’enregistrement ${p.firstPosition + 1}`,
  'stored.skuTaken': (p) =>
    `le SKU « ${p.value} » appartient au produit « ${p.productId} » de la boutique, que le fichier ne contient pas`,
  'catalogue.invalidRecords': ({ invalid, total, problems }) =>
    `${capitalized(invalid === 1 ? 'un' : invalid.toLocaleString('fr'))} produit${invalid === 1 ? '' : 's'} sur ${total.toLocaleString('fr')} ${invalid === 1 ? 'n’est pas valide' : 'ne sont pas valides'} (${problems === 1 ? '1 problème' : `${problems.toLocaleString('fr')} problèmes`}) ; rien n’a été importé.`,
  'catalogue.empty': () => 'Le fichier ne contient aucun produit ; rien n’a été importé.',
  'catalogue.notArray': () =>
    'Le fichier doit contenir une liste de produits, ou {"products": [...]} ; rien n’a été importé.',
  'catalogue.conflict': ({ detail }) =>
    `Un slug ou un SKU du fichier appartient à un autre produit de la boutique (${detail}) ; rien n’a été importé.`,
  'file.notUtf8': () => 'ce n’est pas du texte en UTF-8',
  'file.lineNotJson': (p) =>
    `la ligne ${p.line} (enregistrement ${p.record}) n’est pas du JSON valide (${p.detail})`,
  'file.recordNotJson': (p) =>
    `l’enregistrement ${p.record} (ligne ${p.line}) n’est pas du JSON valide (${p.detail})`,
  'file.notCatalogue': () => 'ce n’est ni une liste JSON de produits, ni {"products": [...]}',
  'file.cutShort': ({ after }) =>
    `il s’arrête avant la fin de sa liste de produits (après l’enregistrement ${after})`,
  'file.readFailed': () => 'il n’est pas arrivé en entier',
};

/** Les refus propres à l’envoi (`lib/admin/upload-problems.ts`). */
export const uploadProblemsFr: Readonly<Record<UploadProblemCode, string>> = {
  'console.signIn':
    'Votre session a pris fin : reconnectez-vous, puis envoyez de nouveau le fichier.',
  'console.crossOrigin': 'Le fichier doit être envoyé depuis la console marchand elle-même.',
  'console.unavailable': 'Le service de recherche ne répond pas : réessayez dans un instant.',
  'upload.unsupportedType': 'Envoyez un fichier JSON (.json) ou NDJSON (.ndjson, .jsonl).',
  'upload.alreadyRunning': 'Cet envoi est déjà en cours.',
  'upload.noAdminKey':
    'La boutique n’a pas encore de clé d’administration pour son service de recherche : démarrez le service de recherche, puis réessayez.',
  'upload.network': 'Le fichier n’a pas pu être envoyé : la connexion à la boutique a été perdue.',
  'upload.failed': 'La boutique n’a pas pu importer le fichier : réessayez dans un instant.',
};
