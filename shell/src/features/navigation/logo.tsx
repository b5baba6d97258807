/** The Thalir mark: a rose bud on a tender shoot. */
export function Logo() {
  return (
    <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M16 30V17" stroke="#1f5a41" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M16 22c-4 0-7-2-8-5 4 0 7 1 8 5zM16 20c3-1 6-3 7-6-4 0-6 2-7 6z" fill="#2f7d5b" />
      <path d="M16 4c4 2 7 5 7 9a7 7 0 0 1-14 0c0-4 3-7 7-9z" fill="#c0244f" />
      <path d="M16 7c2 1.5 3.5 3.5 3.5 6a3.5 3.5 0 0 1-7 0c0-2.5 1.5-4.5 3.5-6z" fill="#a3173f" />
    </svg>
  );
}
