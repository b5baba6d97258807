import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

/**
 * The shop's delivery slots are named by the API's settings ("Morning 8–12", "Afternoon 12–4",
 * "Evening 4–8"): the part of the day is said in the page's language, the hours as they are. An
 * order keeps the English name; only what is shown changes. A slot named otherwise shows as it is.
 */
const SLOT = /^(Morning|Afternoon|Evening) (.+)$/;

function slotMessage(part: string, hours: string): MessageDescriptor {
  switch (part) {
    case 'Morning':
      return msg`Morning ${hours}`;
    case 'Afternoon':
      return msg`Afternoon ${hours}`;
    default:
      return msg`Evening ${hours}`;
  }
}

/** A delivery slot's name in the page's language: "Morning 8–12", "காலை 8–12". */
export function useSlotName(): (slot: string) => string {
  const { i18n } = useLingui();
  return (slot) => {
    const named = SLOT.exec(slot);
    return named ? i18n._(slotMessage(named[1], named[2])) : slot;
  };
}

const CLOCK_TIME = /^(\d{1,2}:\d{2}) (AM|PM)$/;

/** A time of the shop's day as the API writes it ("2:00 PM") in the page's language: "2:00 PM", "பிற்பகல் 2:00". */
export function useClockTime(): (time: string) => string {
  const { t } = useLingui();
  return (text) => {
    const clock = CLOCK_TIME.exec(text);
    if (!clock) return text;
    const time = clock[1];
    return clock[2] === 'AM' ? t`${time} AM` : t`${time} PM`;
  };
}
