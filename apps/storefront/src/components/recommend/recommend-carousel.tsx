import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type MouseEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import styles from './recommend-carousel.module.css';

export interface RecommendCarouselItem {
  readonly key: string;
  readonly content: ReactNode;
  /** Called when a link of the item is followed (click, middle click, Enter on the link). */
  readonly onOpen?: () => void;
}

export interface RecommendCarouselProps {
  /** Id of the heading, which names the list. */
  readonly id: string;
  readonly title: string;
  /** `loading` draws placeholder cards of the real cards' size (no heading yet: the row may stay empty). */
  readonly state: 'loading' | 'ready';
  readonly items: readonly RecommendCarouselItem[];
  readonly labels: { readonly previous: string; readonly next: string };
  /** Small cards (the cart drawer). */
  readonly compact?: boolean;
  readonly placeholders?: number;
  /** Shown after the heading, inside the row (e.g. an action on the whole row). */
  readonly children?: ReactNode;
}

/**
 * A horizontal row of products: a heading, then a list that scrolls sideways (swipe, trackpad, the arrow
 * buttons on wide screens, or Tab through the cards, each scrolled into view). Plain props: no InstantSearch.
 */
export function RecommendCarousel(props: RecommendCarouselProps) {
  const { id, title, state, items, labels, compact = false, placeholders = 4 } = props;
  const track = useRef<HTMLOListElement | null>(null);
  const [edges, setEdges] = useState({ start: true, end: true });
  const measure = useCallback(() => {
    const element = track.current;
    if (!element) return;
    const start = element.scrollLeft <= 1;
    const end = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1;
    setEdges((previous) =>
      previous.start === start && previous.end === end ? previous : { start, end },
    );
  }, []);
  // The list appears once items arrive and changes width with the window: measure it then.
  const trackRef = useCallback(
    (element: HTMLOListElement | null) => {
      track.current = element;
      if (!element) return;
      measure();
      const observer = new ResizeObserver(measure);
      observer.observe(element);
      return () => observer.disconnect();
    },
    [measure],
  );
  const scroll = (direction: 1 | -1) => {
    const element = track.current;
    element?.scrollBy({ left: direction * element.clientWidth * 0.9 });
  };

  if (state === 'loading') return <RowPlaceholder compact={compact} placeholders={placeholders} />;

  const opened = (item: RecommendCarouselItem) => (event: MouseEvent<HTMLLIElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) item.onOpen?.();
  };
  return (
    <section className={`${styles.row} ${compact ? styles.compact : ''}`} aria-labelledby={id}>
      <div className={styles.head}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        {items.length > 1 && (
          <div className={styles.arrows}>
            <button
              type="button"
              className={styles.arrow}
              aria-label={labels.previous}
              aria-controls={`${id}-list`}
              disabled={edges.start}
              onClick={() => scroll(-1)}
            >
              <ChevronLeft aria-hidden="true" />
            </button>
            <button
              type="button"
              className={styles.arrow}
              aria-label={labels.next}
              aria-controls={`${id}-list`}
              disabled={edges.end}
              onClick={() => scroll(1)}
            >
              <ChevronRight aria-hidden="true" />
            </button>
          </div>
        )}
      </div>
      {props.children}
      <ol
        id={`${id}-list`}
        ref={trackRef}
        className={styles.track}
        aria-labelledby={id}
        onScroll={measure}
      >
        {items.map((item) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: only clicks on the item's links count, and Enter on a link fires them too.
          <li
            key={item.key}
            className={styles.item}
            data-id={item.key}
            onClick={opened(item)}
            onAuxClick={opened(item)}
          >
            {item.content}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Placeholder cards of the real cards' size, under a grey bar where the heading will be. */
export function RowPlaceholder({
  compact = false,
  placeholders = 4,
}: {
  compact?: boolean;
  placeholders?: number;
}) {
  return (
    <section
      className={`${styles.row} ${compact ? styles.compact : ''}`}
      aria-hidden="true"
      data-testid="recommend-loading"
    >
      <div className={styles.head}>
        <div className={styles.skeletonTitle} />
      </div>
      <ol className={styles.track}>
        {Array.from({ length: placeholders }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
          <li key={index} className={styles.item}>
            <div className={styles.skeletonCard}>
              <div className={styles.skeletonMedia} />
              <div className={styles.skeletonBody}>
                <div className={styles.skeletonLine} />
                <div className={styles.skeletonLine} />
                <div className={styles.skeletonLine} />
              </div>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
