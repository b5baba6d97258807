/** A fixed star rating (the product page's 4 stars are not real data, per the spec); `label` says it in the page's language. */
export function Stars({ value, outOf = 5, label = `${value} out of ${outOf} stars` }: { value: number; outOf?: number; label?: string }) {
  return (
    <span className="stars" role="img" aria-label={label}>
      {Array.from({ length: outOf }, (_, i) => (
        <span key={i} aria-hidden="true" className={i < value ? 'stars__on' : 'stars__off'}>
          ★
        </span>
      ))}
    </span>
  );
}
