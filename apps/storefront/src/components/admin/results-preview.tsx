import { ArrowDown, ArrowUp, EyeOff, Pin } from 'lucide-react';
import { type DragEvent, type ReactElement, useEffect, useState } from 'react';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import type { Locale } from '../../i18n/locale.ts';
import { messagesFor } from '../../i18n/messages.ts';
import { consoleApi } from '../../lib/admin/console-api.ts';
import type { PreviewAnswer } from '../../lib/admin/console-lists.ts';
import { type RuleDraft, ruleDraftSchema } from '../../lib/admin/merchandising-rule.ts';
import { hideProduct, pinAt } from '../../lib/admin/pin-moves.ts';
import type { PreviewMoment } from '../../lib/admin/rule-timing.ts';
import { toProductCard } from '../../lib/search/product-card.ts';
import { readRuleBanners } from '../../lib/search/rule-banners.ts';
import { ProductCard } from '../ui/product-card.tsx';
import { productCardDetails } from '../ui/product-card-details.ts';
import { PromoBanner } from '../ui/promo-banner.tsx';
import styles from './console.module.css';
import { PreviewOptions, PreviewTiming } from './preview-options.tsx';

export interface ResultsPreviewProps {
  readonly draft: RuleDraft;
  readonly onChange: (draft: RuleDraft) => void;
  /** Said to screen readers after a move ("Juno Jacket pinned at position 1."). */
  readonly onAnnounce: (message: string) => void;
  /** The names (in the console's language) of the products each answer shows, by record objectID. */
  readonly onNames?: (names: Readonly<Record<string, string>>) => void;
}

type PreviewState =
  | { readonly status: 'idle' | 'loading' }
  | { readonly status: 'ready'; readonly answer: PreviewAnswer }
  | { readonly status: 'error'; readonly message: string };

/** Waits this long after the last change before asking for a preview (typing in a field). */
const previewDelayMs = 350;

/**
 * The shop's first page of results with the draft applied, in the chosen language and width: the shop's own
 * banner reader and component, the shop's cards. Each card can be dragged onto another's place (mouse), or
 * moved with its buttons (keyboard: "Move up", "Move down", "Hide"); a move pins the product there.
 */
export function ResultsPreview({ draft, onChange, onAnnounce, onNames }: ResultsPreviewProps) {
  const text = useMessages().admin.console.preview;
  // The console's language first; the merchant switches to see the other language's page.
  const [language, setLanguage] = useState<Locale>(useLocale());
  const [width, setWidth] = useState<'desktop' | 'phone'>('desktop');
  const [moment, setMoment] = useState<PreviewMoment>('during');
  const [dragged, setDragged] = useState<string | null>(null);
  const parsed = ruleDraftSchema.safeParse(draft);
  const requestKey = parsed.success ? JSON.stringify([parsed.data, language, moment]) : null;

  const state = usePreview(requestKey);

  const shop = messagesFor(language);
  const answer = state.status === 'ready' ? state.answer : null;
  const consoleLocale = useLocale();
  useEffect(() => {
    if (!answer || !onNames) return;
    onNames(
      Object.fromEntries(
        answer.hits.map((hit) => [hit.objectID, toProductCard(hit, consoleLocale).name]),
      ),
    );
  }, [answer, onNames, consoleLocale]);
  const hits = answer?.hits ?? [];
  const nameOf = (index: number) => {
    const hit = hits[index];
    return hit ? toProductCard(hit, language).name : '';
  };
  const move = (from: number, to: number) => {
    const hit = hits[from];
    if (!hit || to < 0 || to >= hits.length) return;
    onChange({ ...draft, pins: pinAt(draft.pins, hit.objectID, to, from) });
    onAnnounce(text.moved(nameOf(from), to + 1));
  };
  const hide = (index: number) => {
    const hit = hits[index];
    if (!hit) return;
    onChange(hideProduct(draft, hit.objectID));
    onAnnounce(text.hiddenNotice(nameOf(index)));
  };
  const drop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const moved = event.dataTransfer.getData('text/plain') || dragged;
    const from = hits.findIndex((hit) => hit.objectID === moved);
    setDragged(null);
    if (from !== -1 && from !== to) move(from, to);
  };
  const banners = answer ? readRuleBanners(answer.userData, language) : [];

  return (
    <section aria-labelledby="preview-title" className={styles.panel}>
      <h2 id="preview-title">{text.title}</h2>
      <p className={styles.muted}>{text.intro}</p>
      <PreviewOptions
        language={language}
        width={width}
        onLanguage={setLanguage}
        onWidth={setWidth}
        // Both moments show the same for a rule without dates that is on.
        {...(draft.validity || !draft.enabled ? { moment, onMoment: setMoment } : {})}
      />
      {answer && <PreviewTiming timing={answer.timing} applied={answer.applied} />}
      {!parsed.success && <p className={styles.muted}>{text.noQuery}</p>}
      {state.status === 'loading' && <p className={styles.muted}>{text.loading}</p>}
      {state.status === 'error' && (
        <p className={styles.error} role="alert">
          {text.failed(state.message)}
        </p>
      )}
      {answer && (
        <div
          className={`${styles.frame} ${width === 'phone' ? styles.phone : ''}`}
          lang={language}
          data-testid="preview-frame"
        >
          <p className={styles.muted}>{text.results(answer.totalHits)}</p>
          {answer.redirect && <p className={styles.warning}>{text.redirect(answer.redirect)}</p>}
          {draft.facetOrder.length > 0 && (
            <p className={styles.muted}>{text.facetOrder(answer.facetOrder.join(', '))}</p>
          )}
          {banners.map((banner) => (
            <PromoBanner
              key={banner.key}
              {...(banner.title ? { title: banner.title } : {})}
              {...(banner.text ? { text: banner.text } : {})}
              {...(banner.imageUrl ? { imageUrl: banner.imageUrl } : {})}
              {...(banner.href
                ? { link: { href: banner.href, label: banner.linkLabel ?? shop.search.bannerLink } }
                : {})}
            />
          ))}
          <ol className={styles.previewGrid} aria-label={text.listLabel}>
            {hits.map((hit, index) => (
              <PreviewCard
                key={hit.objectID}
                hit={hit}
                index={index}
                last={index === hits.length - 1}
                language={language}
                onDragStart={() => setDragged(hit.objectID)}
                onDrop={(event) => drop(event, index)}
                onMove={move}
                onHide={hide}
              />
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

/** Asks the console's server for the preview of `requestKey` (the draft and language as JSON), debounced. */
function usePreview(requestKey: string | null): PreviewState {
  const [state, setState] = useState<PreviewState>({ status: 'idle' });
  useEffect(() => {
    if (requestKey === null) return;
    let current = true;
    setState((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }));
    const timer = setTimeout(() => {
      const [body, locale, moment] = JSON.parse(requestKey) as [RuleDraft, Locale, PreviewMoment];
      consoleApi<PreviewAnswer>('/api/admin/preview', {
        method: 'POST',
        body: { draft: body, locale, moment },
      }).then(
        (answer) => current && setState({ status: 'ready', answer }),
        (error: unknown) =>
          current && setState({ status: 'error', message: (error as Error).message }),
      );
    }, previewDelayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [requestKey]);
  return state;
}

/** One result of the preview: the shop's card, its position, and the buttons that move, pin or hide it. */
function PreviewCard(props: {
  readonly hit: PreviewAnswer['hits'][number];
  readonly index: number;
  readonly last: boolean;
  readonly language: Locale;
  readonly onDragStart: () => void;
  readonly onDrop: (event: DragEvent) => void;
  readonly onMove: (from: number, to: number) => void;
  readonly onHide: (index: number) => void;
}) {
  const text = useMessages().admin.console.preview;
  const { hit, index, language } = props;
  const card = toProductCard(hit, language);
  const button = (label: string, icon: ReactElement, onClick: () => void, disabled = false) => (
    <button
      type="button"
      className={styles.secondary}
      disabled={disabled}
      onClick={onClick}
      aria-label={label}
      title={label}
    >
      <span aria-hidden="true">{icon}</span>
    </button>
  );
  return (
    <li
      data-id={hit.objectID}
      // A drag from the handle, or from the card's photo or name, moves this card.
      onDragStart={(event) => {
        event.dataTransfer.setData('text/plain', hit.objectID);
        event.dataTransfer.effectAllowed = 'move';
        props.onDragStart();
      }}
      onDragOver={(event) => event.preventDefault()}
      onDrop={props.onDrop}
      className={`${styles.previewItem} ${hit.promoted ? styles.promoted : ''}`}
    >
      <p className={styles.position} draggable data-drag-handle>
        <span aria-hidden="true">⠿ </span>
        {text.position(index + 1)}
        {hit.promoted && <span className={styles.on}> · {text.pinned}</span>}
      </p>
      <ProductCard
        title={card.name}
        {...productCardDetails(card, messagesFor(language).search)}
        priority={false}
      />
      <div className={styles.cardActions}>
        {button(
          text.moveUp(card.name),
          <ArrowUp />,
          () => props.onMove(index, index - 1),
          index === 0,
        )}
        {button(
          text.moveDown(card.name),
          <ArrowDown />,
          () => props.onMove(index, index + 1),
          props.last,
        )}
        {button(text.pinHere(card.name, index + 1), <Pin />, () => props.onMove(index, index))}
        {button(text.hide(card.name), <EyeOff />, () => props.onHide(index))}
      </div>
    </li>
  );
}
