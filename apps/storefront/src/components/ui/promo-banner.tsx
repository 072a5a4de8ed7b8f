import { ArrowRight } from 'lucide-react';
import styles from './promo-banner.module.css';

export interface PromoBannerProps {
  readonly title?: string;
  readonly text?: string;
  readonly link?: { readonly href: string; readonly label: string };
  readonly imageUrl?: string;
}

/** A merchant's message above the results (from a query rule). */
export function PromoBanner({ title, text, link, imageUrl }: PromoBannerProps) {
  return (
    <aside className={styles.banner}>
      {imageUrl && (
        // biome-ignore lint/performance/noImgElement: banner images come from the merchant's rules, any host
        <img src={imageUrl} alt="" className={styles.image} />
      )}
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        {text && <p className={styles.text}>{text}</p>}
        {link && (
          <a href={link.href} className={styles.link}>
            {link.label}
            <ArrowRight aria-hidden="true" />
          </a>
        )}
      </div>
    </aside>
  );
}
