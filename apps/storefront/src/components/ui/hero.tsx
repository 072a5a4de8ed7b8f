import Image from 'next/image';
import { ButtonLink } from './button-link.tsx';
import styles from './hero.module.css';

export interface HeroProps {
  readonly eyebrow: string;
  readonly title: string;
  readonly text: string;
  readonly actions: readonly { readonly label: string; readonly href: string }[];
  /** Product photos shown beside the text (decorative: up to three are used). */
  readonly images: readonly string[];
}

export function Hero({ eyebrow, title, text, actions, images }: HeroProps) {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={`container ${styles.inner}`}>
        <div>
          <p className={styles.eyebrow}>{eyebrow}</p>
          <h1 id="hero-title" className={styles.title}>
            {title}
          </h1>
          <p className={styles.text}>{text}</p>
          <div className={styles.actions}>
            {actions.map((action, index) => (
              <ButtonLink
                key={action.href}
                href={action.href}
                variant={index === 0 ? 'primary' : 'secondary'}
              >
                {action.label}
              </ButtonLink>
            ))}
          </div>
        </div>
        {images.length > 0 && (
          <div className={styles.gallery} aria-hidden="true">
            {images.slice(0, 3).map((src, index) => (
              <div key={src} className={styles.tile}>
                <Image
                  src={src}
                  alt=""
                  width={258}
                  height={320}
                  sizes="(max-width: 719px) 30vw, 220px"
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                />
              </div>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
