import { useRef, useState, type PointerEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { EARLY_TAP_MARK, type Product } from '@thalir/contracts';
import { useLanguage } from '@thalir/ui';
import { ProductImage } from '../../../components/product-image';
import { textLang } from '../../../lib/in-language';

/** The photo is drawn up to 540 px wide next to the details, full width on phones. */
const DETAIL_SIZES = '(min-width: 900px) 540px, calc(100vw - 2rem)';

/**
 * The product photo with two ways to look closer: a mouse magnifies the spot under the pointer,
 * and a click, tap or Enter opens the full 1000 px rendition in a dialog (Escape closes it).
 */
export function ProductZoom({ product }: { product: Product }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [magnified, setMagnified] = useState(false);
  const [open, setOpen] = useState(false);
  const { t } = useLingui();
  const name = product.name;
  const nameLang = textLang(product.languages?.name, useLanguage());

  // The pointer position goes straight to CSS variables: no re-render per mouse move.
  const followPointer = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.pointerType !== 'mouse') return;
    const box = event.currentTarget.getBoundingClientRect();
    event.currentTarget.style.setProperty('--zoom-x', `${((event.clientX - box.left) / box.width) * 100}%`);
    event.currentTarget.style.setProperty('--zoom-y', `${((event.clientY - box.top) / box.height) * 100}%`);
    if (!magnified) setMagnified(true);
  };

  const openDialog = () => {
    setOpen(true);
    dialogRef.current?.showModal();
  };

  const closeDialog = () => dialogRef.current?.close();

  return (
    <div className="product-zoom">
      <button
        type="button"
        className={`product-zoom__frame${magnified ? ' is-magnified' : ''}`}
        onPointerMove={followPointer}
        onPointerLeave={() => setMagnified(false)}
        onClick={openDialog}
        aria-haspopup="dialog"
        aria-label={t`Zoom in on ${name}`}
        // A tap before the app has taken the page over opens the picture then (PageTakeover).
        {...EARLY_TAP_MARK}
      >
        <ProductImage product={product} rendition="detail" sizes={DETAIL_SIZES} priority />
      </button>
      <p className="product-zoom__hint" aria-hidden="true">
        <Trans>Hover to magnify · click to enlarge</Trans>
      </p>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the backdrop click is a pointer's shortcut; keys have Escape and Close */}
      <dialog
        ref={dialogRef}
        className="product-zoom__dialog"
        aria-label={t`${name}, enlarged`}
        onClose={() => setOpen(false)}
        // A click on the backdrop lands on the dialog element itself.
        onClick={(event) => event.target === event.currentTarget && closeDialog()}
      >
        <button type="button" className="btn btn--secondary btn--sm product-zoom__close" onClick={closeDialog}>
          <Trans>Close</Trans>
        </button>
        {open && (
          <div className="product-zoom__canvas">
            <img src={product.image} width={1000} height={1000} alt={product.name} lang={nameLang} />
          </div>
        )}
      </dialog>
    </div>
  );
}
