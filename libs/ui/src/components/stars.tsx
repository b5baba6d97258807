/** A fixed star rating (the product page's 4 stars are not real data, per the spec). */
export function Stars({ value, outOf = 5 }: { value: number; outOf?: number }) {
  return (
    <span className="stars" role="img" aria-label={`${value} out of ${outOf} stars`}>
      {Array.from({ length: outOf }, (_, i) => (
        <span key={i} aria-hidden="true" className={i < value ? 'stars__on' : 'stars__off'}>
          ★
        </span>
      ))}
    </span>
  );
}
