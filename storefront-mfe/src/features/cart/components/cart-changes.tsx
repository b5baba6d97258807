import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { CartChange } from '@thalir/cart';
import { Notice } from '@thalir/ui';

/** The notes @thalir/cart writes (in English) for what its check changed in a line. */
const NOTES: Record<string, MessageDescriptor> = {
  'no longer sold': msg`no longer sold`,
  'price changed': msg`price changed`,
  'sold out': msg`sold out`,
};
const ONLY_LEFT = /^only (\d+) left$/;

/**
 * What the check against the catalogue changed in the cart, in the page's language: in English the
 * same text as `describeCartChanges`, "Prices or stock changed since you added these items: Red Rose
 * (price changed, only 2 left); Fern (no longer sold)."
 */
export function CartChangesNotice({ changes }: { changes: CartChange[] }) {
  const { i18n, t } = useLingui();
  if (changes.length === 0) return null;
  const note = (text: string) => {
    const known = NOTES[text];
    if (known) return i18n._(known);
    const left = ONLY_LEFT.exec(text);
    if (!left) return text;
    const count = Number(left[1]);
    return t`${plural(count, { one: `only ${count} left`, other: `only ${count} left` })}`;
  };
  const lines = changes.map((change) => `${change.name} (${change.notes.map(note).join(', ')})`).join('; ');
  return <Notice tone="info">{t`Prices or stock changed since you added these items: ${lines}.`}</Notice>;
}
