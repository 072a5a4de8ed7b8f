import { useId } from 'react';
import { useMessages } from '../../i18n/i18n-context.tsx';
import {
  type BannerDraft,
  boostAttributes,
  type FilterEffect,
  orderableFacets,
  type RuleDraft,
} from '../../lib/admin/merchandising-rule.ts';
import styles from './console.module.css';

export interface RuleEditorProps {
  readonly draft: RuleDraft;
  readonly onChange: (draft: RuleDraft) => void;
}

const emptyBanner: BannerDraft = {
  title: { en: '', fr: '' },
  text: { en: '', fr: '' },
  linkText: { en: '', fr: '' },
  link: '',
  image: '',
};

/** The rule's trigger and consequences as form fields; every change goes to `onChange` (and the preview). */
export function RuleEditor({ draft, onChange }: RuleEditorProps) {
  const text = useMessages().admin.console.editor;
  const set = (patch: Partial<RuleDraft>) => onChange({ ...draft, ...patch });
  const trigger = draft.trigger;
  return (
    <div className={styles.editor}>
      <fieldset className={styles.fieldset}>
        <legend>{text.trigger}</legend>
        <div className={styles.inline}>
          <label className={styles.choice}>
            <input
              type="radio"
              name="trigger"
              checked={trigger.kind === 'query'}
              onChange={() => set({ trigger: { kind: 'query', query: '', anchoring: 'is' } })}
            />
            {text.triggerQuery}
          </label>
          <label className={styles.choice}>
            <input
              type="radio"
              name="trigger"
              checked={trigger.kind === 'category'}
              onChange={() => set({ trigger: { kind: 'category', category: '' } })}
            />
            {text.triggerCategory}
          </label>
        </div>
        {trigger.kind === 'query' ? (
          <div className={styles.inline}>
            <TextField
              label={text.query}
              value={trigger.query}
              onChange={(query) => set({ trigger: { ...trigger, query } })}
            />
            <label className={styles.field}>
              <span>{text.anchoring}</span>
              <select
                value={trigger.anchoring}
                onChange={(event) =>
                  set({
                    trigger: {
                      ...trigger,
                      anchoring: event.target.value as typeof trigger.anchoring,
                    },
                  })
                }
              >
                {(['is', 'startsWith', 'endsWith', 'contains'] as const).map((anchoring) => (
                  <option key={anchoring} value={anchoring}>
                    {text.anchorings[anchoring]}
                  </option>
                ))}
              </select>
            </label>
          </div>
        ) : (
          <TextField
            label={text.category}
            value={trigger.category}
            onChange={(category) => set({ trigger: { kind: 'category', category } })}
          />
        )}
        <TextField
          label={text.description}
          value={draft.description}
          onChange={(description) => set({ description })}
        />
        <label className={styles.choice}>
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(event) => set({ enabled: event.target.checked })}
          />
          {text.enabled}
        </label>
      </fieldset>
      <EffectList
        legend={text.boosts}
        addLabel={text.addBoost}
        effects={draft.boosts}
        onChange={(boosts) => set({ boosts })}
      />
      <EffectList
        legend={text.buries}
        addLabel={text.addBury}
        effects={draft.buries}
        onChange={(buries) => set({ buries })}
      />
      <BannerFields banner={draft.banner} onChange={(banner) => set({ banner })} />
      <fieldset className={styles.fieldset}>
        <legend>{text.validity}</legend>
        <p className={styles.muted}>{text.validityHint}</p>
        <div className={styles.inline}>
          <TextField
            type="datetime-local"
            label={text.validFrom}
            value={draft.validity?.from ?? ''}
            onChange={(from) => set({ validity: range(from, draft.validity?.until ?? '') })}
          />
          <TextField
            type="datetime-local"
            label={text.validUntil}
            value={draft.validity?.until ?? ''}
            onChange={(until) => set({ validity: range(draft.validity?.from ?? '', until) })}
          />
        </div>
      </fieldset>
      <TextField
        label={text.redirect}
        value={draft.redirect}
        onChange={(redirect) => set({ redirect })}
      />
      <p className={styles.muted}>{text.redirectHint}</p>
      <FacetOrder order={draft.facetOrder} onChange={(facetOrder) => set({ facetOrder })} />
    </div>
  );
}

/** Both ends empty: no dates. One end given: kept as typed, so the schema names what is missing. */
function range(from: string, until: string): RuleDraft['validity'] {
  return from === '' && until === '' ? null : { from, until };
}

function TextField(props: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly type?: string;
  readonly lang?: string;
}) {
  return (
    <label className={styles.field}>
      <span>{props.label}</span>
      <input
        type={props.type ?? 'text'}
        value={props.value}
        lang={props.lang}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  );
}

function EffectList(props: {
  readonly legend: string;
  readonly addLabel: string;
  readonly effects: readonly FilterEffect[];
  readonly onChange: (effects: FilterEffect[]) => void;
}) {
  const text = useMessages().admin.console.editor;
  const update = (index: number, patch: Partial<FilterEffect>) =>
    props.onChange(
      props.effects.map((effect, at) => (at === index ? { ...effect, ...patch } : effect)),
    );
  return (
    <fieldset className={styles.fieldset}>
      <legend>{props.legend}</legend>
      {props.effects.map((effect, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
        <div key={index} className={styles.inline}>
          <label className={styles.field}>
            <span>{text.attribute}</span>
            <select
              value={effect.attribute}
              onChange={(event) =>
                update(index, { attribute: event.target.value as FilterEffect['attribute'] })
              }
            >
              {boostAttributes.map((attribute) => (
                <option key={attribute} value={attribute}>
                  {attribute}
                </option>
              ))}
            </select>
          </label>
          <TextField
            label={text.value}
            value={effect.value}
            onChange={(value) => update(index, { value })}
          />
          <button
            type="button"
            className={styles.secondary}
            onClick={() => props.onChange(props.effects.filter((_, at) => at !== index))}
          >
            {text.remove}
          </button>
        </div>
      ))}
      <button
        type="button"
        className={styles.secondary}
        onClick={() => props.onChange([...props.effects, { attribute: 'brand', value: '' }])}
      >
        {props.addLabel}
      </button>
    </fieldset>
  );
}

function BannerFields(props: {
  readonly banner: BannerDraft | null;
  readonly onChange: (banner: BannerDraft | null) => void;
}) {
  const messages = useMessages().admin.console;
  const text = messages.editor;
  const id = useId();
  const { banner } = props;
  if (!banner) {
    return (
      <fieldset className={styles.fieldset}>
        <legend>{text.banner}</legend>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => props.onChange(emptyBanner)}
        >
          {text.addBanner}
        </button>
      </fieldset>
    );
  }
  const texts = (key: 'title' | 'text' | 'linkText', language: 'en' | 'fr', value: string) =>
    props.onChange({ ...banner, [key]: { ...banner[key], [language]: value } });
  return (
    <fieldset className={styles.fieldset} aria-describedby={`${id}-hint`}>
      <legend>{text.banner}</legend>
      {(['en', 'fr'] as const).map((language) => (
        <fieldset key={language} className={styles.language}>
          <legend>{language === 'en' ? messages.common.english : messages.common.french}</legend>
          <TextField
            lang={language}
            label={`${text.bannerTitle} (${language.toUpperCase()})`}
            value={banner.title[language]}
            onChange={(value) => texts('title', language, value)}
          />
          <TextField
            lang={language}
            label={`${text.bannerText} (${language.toUpperCase()})`}
            value={banner.text[language]}
            onChange={(value) => texts('text', language, value)}
          />
          <TextField
            lang={language}
            label={`${text.bannerLinkText} (${language.toUpperCase()})`}
            value={banner.linkText[language]}
            onChange={(value) => texts('linkText', language, value)}
          />
        </fieldset>
      ))}
      <TextField
        label={text.bannerLink}
        value={banner.link}
        onChange={(link) => props.onChange({ ...banner, link })}
      />
      <TextField
        label={text.bannerImage}
        value={banner.image}
        onChange={(image) => props.onChange({ ...banner, image })}
      />
      <button type="button" className={styles.secondary} onClick={() => props.onChange(null)}>
        {text.removeBanner}
      </button>
    </fieldset>
  );
}

function FacetOrder(props: {
  readonly order: RuleDraft['facetOrder'];
  readonly onChange: (order: RuleDraft['facetOrder']) => void;
}) {
  const text = useMessages().admin.console.editor;
  const available = orderableFacets.filter((facet) => !props.order.includes(facet));
  return (
    <fieldset className={styles.fieldset}>
      <legend>{text.facetOrder}</legend>
      <ol className={styles.facetOrder}>
        {props.order.map((facet, index) => (
          <li key={facet}>
            <span>{facet}</span>
            {index > 0 && (
              <button
                type="button"
                className={styles.secondary}
                aria-label={text.moveFacetUp(facet)}
                onClick={() => {
                  const next = [...props.order];
                  next.splice(index - 1, 0, ...next.splice(index, 1));
                  props.onChange(next);
                }}
              >
                ↑
              </button>
            )}
            <button
              type="button"
              className={styles.secondary}
              onClick={() => props.onChange(props.order.filter((kept) => kept !== facet))}
            >
              {text.remove}
            </button>
          </li>
        ))}
      </ol>
      {available.length > 0 && (
        <label className={styles.field}>
          <span>{text.addFacet}</span>
          <select
            value=""
            onChange={(event) => {
              const facet = available.find((known) => known === event.target.value);
              if (facet) props.onChange([...props.order, facet]);
            }}
          >
            <option value="">—</option>
            {available.map((facet) => (
              <option key={facet} value={facet}>
                {facet}
              </option>
            ))}
          </select>
        </label>
      )}
    </fieldset>
  );
}
