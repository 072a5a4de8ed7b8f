import { z } from 'zod';

z.config({ jitless: true });

/**
 * Synonyms as the console edits them. The shop has one index for both languages (decision 0014) and Algolia's
 * synonyms belong to an index, not to a language: every synonym applies to French and English searches alike
 * (an English pair seldom matches anything French, as `/recherche` searches the French texts first). The
 * console files each synonym under a language by its objectID's prefix (`fr-…`, `en-…`; none: both) to list
 * and filter them: see decision 0020.
 */
export const synonymLanguages = ['en', 'fr', 'all'] as const;
export type SynonymLanguage = (typeof synonymLanguages)[number];

export const synonymTypes = [
  'synonym',
  'onewaysynonym',
  'placeholder',
  'altcorrection1',
  'altcorrection2',
] as const;
export type SynonymType = (typeof synonymTypes)[number];

const term = z
  .string()
  .trim()
  .min(1, 'a word cannot be empty')
  .max(100)
  .refine((value) => !/[<>]/.test(value), 'a word cannot hold < or >');
const terms = (minimum: number) =>
  z
    .array(term)
    .min(minimum, `give at least ${minimum} word${minimum > 1 ? 's' : ''}`)
    .max(100);

const objectId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'letters, digits, ".", ":", "_" or "-" (at most 100)');

const base = { objectID: objectId.optional(), language: z.enum(synonymLanguages) };

export const synonymDraftSchema = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('synonym'), synonyms: terms(2) }),
  z.object({ ...base, type: z.literal('onewaysynonym'), input: term, synonyms: terms(1) }),
  z.object({
    ...base,
    type: z.literal('placeholder'),
    placeholder: z
      .string()
      .trim()
      .regex(/^<[^<>\s]{1,50}>$/, 'a placeholder is one word in <…>'),
    replacements: terms(1),
  }),
  z.object({ ...base, type: z.literal('altcorrection1'), word: term, corrections: terms(1) }),
  z.object({ ...base, type: z.literal('altcorrection2'), word: term, corrections: terms(1) }),
]);

export type SynonymDraft = z.output<typeof synonymDraftSchema>;

/** A synonym in Algolia's JSON (what `saveSynonyms` sends and an export file holds). */
export type AlgoliaSynonym = { objectID: string; type: SynonymType } & Record<string, unknown>;

/** Algolia's synonym JSON: camel-case types accepted, as the search service does. */
export const algoliaSynonymSchema = z
  .object({
    objectID: objectId,
    type: z
      .string()
      .transform((value) => value.toLowerCase())
      .pipe(z.enum(synonymTypes)),
  })
  .loose();

export function languageOf(objectID: string): SynonymLanguage {
  return objectID.startsWith('fr-') ? 'fr' : objectID.startsWith('en-') ? 'en' : 'all';
}

/** The objectID a new synonym gets: its language's prefix, its type and its first words. */
export function newSynonymId(draft: SynonymDraft, random: string): string {
  const prefix = draft.language === 'all' ? '' : `${draft.language}-`;
  const first = firstWord(draft)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return `${prefix}${draft.type}-${first || 'entry'}-${random}`;
}

function firstWord(draft: SynonymDraft): string {
  switch (draft.type) {
    case 'synonym':
      return draft.synonyms[0] ?? '';
    case 'onewaysynonym':
      return draft.input;
    case 'placeholder':
      return draft.placeholder;
    default:
      return draft.word;
  }
}

export function toAlgoliaSynonym(draft: SynonymDraft, objectID: string): AlgoliaSynonym {
  const { objectID: _ignored, language: _language, ...fields } = draft;
  return { ...fields, objectID };
}

/** A saved synonym read back for editing; `undefined` for a shape the console does not know. */
export function fromAlgoliaSynonym(synonym: Record<string, unknown>): SynonymDraft | undefined {
  const objectID = typeof synonym['objectID'] === 'string' ? synonym['objectID'] : '';
  const type = typeof synonym['type'] === 'string' ? synonym['type'].toLowerCase() : '';
  const parsed = synonymDraftSchema.safeParse({ ...synonym, type, language: languageOf(objectID) });
  return parsed.success ? parsed.data : undefined;
}

/** The words of a synonym, one line for the list: `tee ⇄ t-shirt`, `tee → t-shirt, top`. */
export function synonymSummary(draft: SynonymDraft): string {
  switch (draft.type) {
    case 'synonym':
      return draft.synonyms.join(' ⇄ ');
    case 'onewaysynonym':
      return `${draft.input} → ${draft.synonyms.join(', ')}`;
    case 'placeholder':
      return `${draft.placeholder} = ${draft.replacements.join(', ')}`;
    default:
      return `${draft.word} ≈ ${draft.corrections.join(', ')}`;
  }
}
