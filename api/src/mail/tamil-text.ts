import type { FailedDeliveryReason, PaymentMethod } from '@thalir/contracts';
import { formatCount, shortOrderId } from '../common/format';
import { failedDeliveryReason, REASONS } from '../orders/order-lifecycle';
import type { MailRequest } from './mail-kinds';

/**
 * The words of the mails to customers who read Tamil (docs/tamil.md has the glossary they keep to):
 * subjects here, the mails themselves in templates/tamil-mails.tsx. The brand stays "Thalir Blooms".
 */

const PLURAL = new Intl.PluralRules('ta');

/** A count with its noun (and verb) in Tamil's form for it, one or other: `#` stands for the count ("1 பொருள்", "3 பொருட்கள்"). */
export const tamilCount = (count: number, one: string, other: string) => (PLURAL.select(count) === 'one' ? one : other).replace('#', formatCount(count));

export const TAMIL_PAYMENT_LABELS: Record<PaymentMethod, string> = { cash: 'டெலிவரியின்போது ரொக்கம்', razorpay: 'கிரெடிட்/டெபிட் கார்டு (Razorpay)' };

const FAILED_DELIVERIES_IN_TAMIL: Record<FailedDeliveryReason, string> = {
  'nobody-home': 'வீட்டில் யாரும் இல்லை',
  'wrong-address': 'முகவரி தவறாக இருந்தது',
  refused: 'பூக்களைப் பெற மறுக்கப்பட்டது',
};

/** The reasons the shop itself gives for a cancel or a failed delivery, in Tamil; anything else is shown as it is. */
const REASONS_IN_TAMIL: Record<string, string> = {
  [REASONS.cancelledByCustomer]: 'நீங்களே ரத்து செய்தீர்கள்',
  [REASONS.notConfirmedInTime]: 'உரிய நேரத்தில் உறுதிசெய்யப்படவில்லை',
  ...Object.fromEntries(Object.entries(FAILED_DELIVERIES_IN_TAMIL).map(([reason, tamil]) => [failedDeliveryReason(reason as FailedDeliveryReason), tamil])),
};

export const tamilReason = (reason: string) => REASONS_IN_TAMIL[reason] ?? reason;

/** How many deliveries a subscription has left, with the verb that agrees with the count. */
export const deliveriesLeft = (count: number) => tamilCount(count, 'இன்னும் # டெலிவரி மட்டுமே உள்ளது', 'இன்னும் # டெலிவரிகள் மட்டுமே உள்ளன');

/** A mail's subject in Tamil; null for the staff's notices, which are always in English. */
export function tamilSubjectOf(request: MailRequest): string | null {
  switch (request.kind) {
    case 'order-placed':
      return `உங்கள் Thalir Blooms ஆர்டர் ${shortOrderId(request.orderId)} பதிவானது`;
    case 'payment-received':
      return `ஆர்டர் ${shortOrderId(request.orderId)}: பணம் கிடைத்தது`;
    case 'order-shipped':
      return `ஆர்டர் ${shortOrderId(request.orderId)} உங்களிடம் வந்துகொண்டிருக்கிறது`;
    case 'order-delivered':
      return `ஆர்டர் ${shortOrderId(request.orderId)} டெலிவரி செய்யப்பட்டது`;
    case 'delivery-failed':
      return `ஆர்டர் ${shortOrderId(request.orderId)}: டெலிவரி செய்ய முடியவில்லை`;
    case 'order-cancelled':
      return `ஆர்டர் ${shortOrderId(request.orderId)} ரத்து செய்யப்பட்டது`;
    case 'payment-window-expired':
      return `ஆர்டர் ${shortOrderId(request.orderId)} ரத்து செய்யப்பட்டது: பணம் செலுத்தும் நேரம் முடிந்தது`;
    case 'refund-started':
      return `ஆர்டர் ${shortOrderId(request.orderId)}: பணத்தைத் திருப்பித் தரத் தொடங்கியுள்ளோம்`;
    case 'refund-processed':
      return `ஆர்டர் ${shortOrderId(request.orderId)}: பணம் திருப்பித் தரப்பட்டது`;
    case 'subscription-started':
      return 'உங்கள் பூ சந்தா தொடங்கியது';
    case 'subscription-low-credits':
      return `உங்கள் பூ சந்தாவில் ${deliveriesLeft(request.creditsLeft)}`;
    case 'subscription-paused':
      return 'உங்கள் பூ சந்தா இடைநிறுத்தப்பட்டது';
    case 'subscription-resumed':
      return 'உங்கள் பூ சந்தா மீண்டும் தொடங்கியது';
    case 'subscription-delivery-not-made':
      return 'உங்கள் பூ சந்தாவின் ஒரு டெலிவரியைச் செய்ய முடியவில்லை';
    case 'subscription-cancelled':
      return 'உங்கள் பூ சந்தா ரத்து செய்யப்பட்டது';
    case 'welcome':
      return 'Thalir Blooms உங்களை வரவேற்கிறது';
    case 'contact-ack':
      return 'உங்கள் செய்தி எங்களுக்குக் கிடைத்தது';
    case 'enquiry-ack':
      return 'Thalir Blooms: உங்கள் மொத்த விற்பனை விசாரணை';
    case 'newsletter-confirm':
      return 'Thalir Blooms செய்திமடல்: உங்கள் சந்தாவை உறுதிசெய்யுங்கள்';
    case 'account-erased':
      return 'உங்கள் Thalir Blooms கணக்கு நீக்கப்பட்டது';
    case 'staff-new-order':
    case 'staff-contact-message':
    case 'staff-new-enquiry':
    case 'staff-low-stock':
      return null;
  }
}

/** The password-reset mail's subject (sent at once, never through the outbox). */
export const TAMIL_RESET_SUBJECT = 'உங்கள் Thalir Blooms கடவுச்சொல்லை மாற்றுங்கள்';
