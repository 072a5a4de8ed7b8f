import Image from 'next/image';
import { useState } from 'react';
import { useMessages } from '../../i18n/i18n-context.tsx';
import type { ProductView } from '../../lib/commerce/product-view.ts';
import styles from './product-gallery.module.css';

export function ProductGallery({ name, images }: { name: string; images: ProductView['images'] }) {
  const messages = useMessages();
  const [selectedUrl, setSelectedUrl] = useState<string>();
  const main = images.find((image) => image.url === selectedUrl) ?? images[0];
  return (
    <section className={styles.gallery} aria-label={messages.product.gallery(name)}>
      <div className={styles.main}>
        {main && (
          <Image
            src={main.url}
            alt={name}
            width={516}
            height={640}
            priority
            sizes="(max-width: 800px) 100vw, 560px"
            className={styles.mainImage}
          />
        )}
      </div>
      {images.length > 1 && (
        <ul className={styles.thumbnails}>
          {images.map((image, index) => (
            <li key={image.url}>
              <button
                type="button"
                className={styles.thumbnail}
                aria-label={messages.product.showPhoto(index + 1)}
                aria-pressed={image.url === main?.url}
                onClick={() => setSelectedUrl(image.url)}
              >
                <Image src={image.url} alt="" width={96} height={119} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
