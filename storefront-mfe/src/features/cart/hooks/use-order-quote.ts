import { useEffect, useEffectEvent, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ApiRequestError } from '@thalir/api-client';
import type { CartItem } from '@thalir/cart';
import type { PaymentMethod, Quote, QuoteRequest } from '@thalir/contracts';
import { fetchQuote } from '../api/quote';

/** Quantities clicked and digits typed in a row make one quote, asked once the customer pauses. */
const QUOTE_DELAY_MS = 300;

/** The applied code, kept for the browser tab's life so the checkout finds what the cart applied. */
const OFFER_CODE_KEY = 'cart:offer-code';

function readOfferCode(): string | null {
  try {
    return sessionStorage.getItem(OFFER_CODE_KEY);
  } catch {
    return null;
  }
}

function rememberOfferCode(code: string | null): void {
  try {
    if (code) sessionStorage.setItem(OFFER_CODE_KEY, code);
    else sessionStorage.removeItem(OFFER_CODE_KEY);
  } catch {
    // Storage refused (private mode): the code still applies on this screen.
  }
}

export interface QuoteBasis {
  items: CartItem[];
  /** False while the cart's lines may still change (the check against the catalogue is running). */
  ready: boolean;
  paymentMethod?: PaymentMethod;
  /** A complete PIN code only: a partial one would be priced as the default zone. */
  pincode?: string | null;
  slot?: string;
}

export type QuoteStatus = { state: 'loading' } | { state: 'loaded'; quote: Quote } | { state: 'failed' };

/** The server's latest word on a code, shown by the code field. */
export interface CodeOutcome {
  status: 'applied' | 'refused';
  message: string;
}

/** A quote (null when the call failed) and the request it answers, as a key. */
interface Priced {
  key: string;
  quote: Quote | null;
}

const keyOf = (request: QuoteRequest) => JSON.stringify(request);

/**
 * The order priced by the server (`POST /api/orders/quote`), asked again when the lines, the PIN
 * code, the slot, the payment method or the code change; and the offer code: the one applied (kept
 * across cart and checkout), the one being tried, and what the server said of it. Only an applied
 * code is kept, so a refused one is not sent again with every change (wrong codes are rate-limited).
 */
export function useOrderQuote({ items, ready, paymentMethod, pincode, slot }: QuoteBasis) {
  const [appliedCode, setAppliedCode] = useState(readOfferCode);
  const [tryingCode, setTryingCode] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<CodeOutcome | null>(null);
  const [priced, setPriced] = useState<Priced | null>(null);
  const { t } = useLingui();

  const code = tryingCode ?? appliedCode ?? undefined;
  const delivery = pincode || slot ? { pincode: pincode || undefined, slot: slot || undefined } : undefined;
  const requestKey = keyOf({ orderItems: items.map(({ product, quantity }) => ({ product: product._id, quantity })), paymentMethod, delivery, code });
  const pricedKey = priced?.key;
  const active = ready && items.length > 0;

  const keepCode = (kept: string | null) => {
    rememberOfferCode(kept);
    setAppliedCode(kept);
  };

  const settle = useEffectEvent((request: QuoteRequest, quote: Quote) => {
    if (!request.code) {
      setPriced({ key: keyOf(request), quote });
      return;
    }
    const applied = quote.code?.status === 'applied';
    setTryingCode(null);
    keepCode(applied ? request.code : null);
    setOutcome(quote.code ?? null);
    // A refused code leaves the order priced without it: this answer stands for the request without
    // the code, so dropping the code asks nothing again.
    setPriced({ key: keyOf(applied ? request : { ...request, code: undefined }), quote });
  });

  const fail = useEffectEvent((request: QuoteRequest, error: unknown) => {
    if (request.code && request.code === tryingCode) {
      // Too many wrong codes (429), or no answer: say so by the field, and price the order without it.
      const refusedHere = error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.body?.message;
      setTryingCode(null);
      setOutcome({ status: 'refused', message: refusedHere || t`We could not check this code just now. Please try again.` });
      return;
    }
    setPriced({ key: keyOf(request), quote: null });
  });

  useEffect(() => {
    if (!active || pricedKey === requestKey) return;
    const request = JSON.parse(requestKey) as QuoteRequest;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetchQuote(request, controller.signal).then(
        (quote) => settle(request, quote),
        (error: Error) => {
          if (error.name !== 'AbortError') fail(request, error);
        },
      );
    }, QUOTE_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [active, requestKey, pricedKey]);

  const status: QuoteStatus =
    !active || !priced || priced.key !== requestKey ? { state: 'loading' } : priced.quote ? { state: 'loaded', quote: priced.quote } : { state: 'failed' };

  return {
    status,
    /** The code to send with the order: only one the server applied. */
    appliedCode,
    /** True while a newly typed code waits for the server's word. */
    checkingCode: tryingCode !== null,
    outcome,
    applyCode: (typed: string) => {
      setOutcome(null);
      // As the server reads codes (trimmed, case-insensitive), so the code shown is the code applied.
      setTryingCode(typed.trim().toUpperCase());
    },
    removeCode: () => {
      keepCode(null);
      setTryingCode(null);
      setOutcome(null);
    },
    /** Placing the order refused the code (409): show why, and price the order without it. */
    refuseCode: (message: string) => {
      keepCode(null);
      setOutcome({ status: 'refused', message });
    },
  };
}

export type OrderQuote = ReturnType<typeof useOrderQuote>;
