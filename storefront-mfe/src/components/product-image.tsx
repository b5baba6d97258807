import type { Product } from '@thalir/contracts';
import { useLanguage } from '@thalir/ui';
import { textLang } from '../lib/in-language';

/** Widths of the API's square renditions (api/src/catalog/product-images.ts). */
const CARD_WIDTH = 480;
const DETAIL_WIDTH = 1000;

/** `sizes` for the shop's product grids: 2 columns on phones, 3 on tablets, 4 from 1024 px in a 1180 px container. */
export const GRID_CARD_SIZES = '(min-width: 1200px) 280px, (min-width: 1024px) 23vw, (min-width: 720px) 31vw, 46vw';

export type ImageSource = Pick<Product, 'name' | 'image'> & Partial<Pick<Product, 'imageCard' | 'languages'>>;

export interface ProductImageProps {
  product: ImageSource;
  /** Which rendition the `src` names: browsers without srcset support get this one. */
  rendition: 'card' | 'detail';
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /**
   * Above the fold: load at once and early instead of lazily. A server-drawn page also starts its
   * code only once these pictures are painted (elementtiming: shell/src/start-app.js).
   */
  priority?: boolean;
  className?: string;
}

/**
 * A product photo that lets the browser pick the 480 px or 1000 px rendition. The width and height
 * attributes fix the square aspect ratio before the file arrives, so nothing shifts when it does.
 */
export function ProductImage({ product, rendition, sizes, priority = false, className }: ProductImageProps) {
  const card = product.imageCard ?? product.image;
  const hasRenditions = card !== product.image;
  const width = rendition === 'card' ? CARD_WIDTH : DETAIL_WIDTH;
  // The alt text is the product's name: in English on a Tamil page while it has no Tamil name.
  const lang = textLang(product.languages?.name, useLanguage());
  return (
    <img
      src={rendition === 'card' ? card : product.image}
      srcSet={hasRenditions ? `${card} ${CARD_WIDTH}w, ${product.image} ${DETAIL_WIDTH}w` : undefined}
      sizes={hasRenditions ? sizes : undefined}
      width={width}
      height={width}
      alt={product.name}
      lang={lang}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      elementtiming={priority ? 'main-picture' : undefined}
      decoding="async"
      className={className}
    />
  );
}
