export const DEFAULT_DESCRIPTION = 'Freshly harvested and carefully packed by Thalir Blooms.';

/** The spec's bullet points: the description split on '. ', or a default line (`fallback`, in the page's language) when there is none. */
export function descriptionPoints(description: string | null | undefined, fallback = DEFAULT_DESCRIPTION): string[] {
  const points = (description ?? '')
    .split('. ')
    .map((point) => point.trim().replace(/\.$/, ''))
    .filter(Boolean);
  return points.length > 0 ? points : [fallback.replace(/\.$/, '')];
}
