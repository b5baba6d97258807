import { useEffect, useState } from 'react';
import type { TranslationInput } from '@thalir/contracts';
import { NO_TAMIL_TEXTS } from '../../../components/tamil-texts-fields';
import { fetchTamilTexts } from '../api/products';

interface SavedTamil {
  data: TranslationInput | undefined;
  error: unknown;
  loading: boolean;
}

/** A product's Tamil texts as saved; a new product (no id) has none, known at once. */
export function useSavedTamil(productId: string | null): SavedTamil {
  const [state, setState] = useState<SavedTamil>(() =>
    productId ? { data: undefined, error: undefined, loading: true } : { data: NO_TAMIL_TEXTS, error: undefined, loading: false },
  );
  useEffect(() => {
    if (!productId) return;
    const controller = new AbortController();
    fetchTamilTexts(productId, controller.signal).then(
      (data) => setState({ data, error: undefined, loading: false }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ data: undefined, error, loading: false });
      },
    );
    return () => controller.abort();
  }, [productId]);
  return state;
}
