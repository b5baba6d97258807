export const DEFAULT_DESCRIPTION = 'Freshly harvested and carefully packed by Thalir Blooms.';

/** The spec's bullet points: the description split on '. ', or a default line when there is none. */
export function descriptionPoints(description: string | null | undefined): string[] {
  const points = (description ?? '')
    .split('. ')
    .map((point) => point.trim().replace(/\.$/, ''))
    .filter(Boolean);
  return points.length > 0 ? points : [DEFAULT_DESCRIPTION.replace(/\.$/, '')];
}
