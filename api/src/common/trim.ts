/** A class-transformer `@Transform` that trims text and leaves anything else for the validators to refuse. */
export const trimText = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
