import { useMessages } from '../../i18n/i18n-context.tsx';
import type { ProductView } from '../../lib/commerce/product-view.ts';
import styles from './product-reviews.module.css';

export function ProductReviews({ reviews }: { reviews: ProductView['reviews'] }) {
  const messages = useMessages();
  return (
    <section className={styles.reviews} aria-labelledby="reviews-title">
      <h2 id="reviews-title">{messages.product.reviewsTitle}</h2>
      {reviews.length === 0 ? (
        <p>{messages.product.noReviews}</p>
      ) : (
        <ul className={styles.list}>
          {reviews.map((review, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: reviews have no id, and the list never reorders.
            <li key={`${review.author}-${index}`} className={styles.review}>
              <p className={styles.stars}>
                <span aria-hidden="true">
                  {'★'.repeat(review.rating)}
                  {'☆'.repeat(5 - review.rating)}
                </span>
                <span className={styles.visuallyHidden}>
                  {messages.product.reviewRating(review.rating)}
                </span>
              </p>
              {review.title && <h3 className={styles.title}>{review.title}</h3>}
              <p>{review.text}</p>
              <p className={styles.author}>{messages.product.by(review.author)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
