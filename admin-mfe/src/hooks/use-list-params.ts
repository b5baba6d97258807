import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A list screen's page and filters, kept in the address so Back, a reload or a shared link show
 * the same view. Changing a filter goes back to page 1.
 */
export function useListParams<K extends string>(filterKeys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const filters = Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;

  const update = (next: Partial<Record<K, string>> & { page?: number }) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        for (const key of filterKeys) {
          const value = next[key];
          if (value === undefined) continue;
          if (value) merged.set(key, value);
          else merged.delete(key);
        }
        const filterChanged = filterKeys.some((key) => next[key] !== undefined && next[key] !== (current.get(key) ?? ''));
        const nextPage = next.page ?? (filterChanged ? 1 : page);
        if (nextPage > 1) merged.set('page', String(nextPage));
        else merged.delete('page');
        return merged;
      },
      { replace: true },
    );

  return { page, filters, update };
}

/**
 * The text of a search box bound to a search held elsewhere (the address): typing applies the search
 * once the typist pauses, and a search changed from outside (a link, Back) shows up in the box.
 */
export function useSearchBox(applied: string, apply: (search: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(applied);
  const settled = useDebouncedValue(text.trim());

  // Only a newly settled search is applied, and only a newly applied one is shown: each effect runs
  // on its own input and reads the other side as it is then.
  const applySettled = useEffectEvent((search: string) => {
    if (search !== applied) apply(search);
  });
  const showApplied = useEffectEvent((search: string) => {
    if (search !== settled) setText(search);
  });
  useEffect(() => applySettled(settled), [settled]);
  useEffect(() => showApplied(applied), [applied]);

  return [text, setText];
}
