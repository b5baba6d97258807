import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import type { ReactElement } from 'react';
import { formatCalendarDay, formatIndianDate, formatPaise } from '../../common/format';
import { NAME_AND_ADDRESS_FROM_TAXABLE_PAISE } from '../../tax/invoice-retention';
import type { OrderForMail, OrderMailKind, RefundForMail, SubscriptionMailFacts } from '../mail-kinds';
import { deliveriesLeft, TAMIL_PAYMENT_LABELS, tamilCount, tamilReason } from '../tamil-text';
import { ActionButton, BRAND, MailLayout, OrderSummary, Paragraph } from './layout';
import { type EnquiryForMail, EnquiryFacts, type EnquiryLabels, quote, type Site, smallPrint, type SubscriptionForMail } from './mails';

/**
 * The customers' mails in Tamil, for an account whose language is Tamil: the same mails as mails.tsx
 * says in English, each sentence written for Tamil rather than word for word (docs/tamil.md keeps
 * the glossary). Products and plans come with their Tamil names where they have one; dates as ta-IN
 * writes them; money and numbers as in English.
 */

const TA = 'ta';
const date = (day: string) => formatCalendarDay(day, 'date', TA);
const paymentLabel = (order: OrderForMail) => TAMIL_PAYMENT_LABELS[order.paymentMethod] ?? order.paymentMethod;

/** An order mail to its buyer; the staff's notice of a new order stays in English. */
export type CustomerOrderMailKind = Exclude<OrderMailKind, 'staff-new-order'>;

function refundNote(refund: RefundForMail | null, order: OrderForMail): string | null {
  if (!refund) return null;
  return refund.manual
    ? `நீங்கள் ரொக்கமாகச் செலுத்திய ${formatPaise(refund.amountPaise)} உங்களுக்குத் திருப்பித் தரப்படும்; எங்கள் குழு உங்களைத் தொடர்புகொள்ளும்.`
    : `${order.shortId} ஆர்டருக்கு நீங்கள் செலுத்திய ${formatPaise(refund.amountPaise)}, நீங்கள் பணம் செலுத்திய கார்டு அல்லது கணக்குக்கே திரும்ப அனுப்பப்படும். அது உங்கள் கணக்கில் தெரிய வங்கிகள் 5–7 வேலை நாட்கள் எடுத்துக்கொள்ளும்.`;
}

export function TamilOrderMail({
  kind,
  site,
  order,
  refund,
  reason,
}: {
  kind: CustomerOrderMailKind;
  site: Site;
  order: OrderForMail;
  refund: RefundForMail | null;
  reason: string | null;
}): ReactElement {
  const link = `${site.url}/order/${order.id}`;
  const id = order.shortId;
  const total = formatPaise(order.totalPaise);
  const summary = <OrderSummary order={order} paymentLabel={paymentLabel(order)} language={TA} />;
  const viewOrder = <ActionButton href={link}>உங்கள் ஆர்டரைப் பாருங்கள்</ActionButton>;
  switch (kind) {
    case 'order-placed': {
      const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
      return (
        <MailLayout language={TA} preview={`ஆர்டர் ${id}: ${total}`} heading={`நன்றி, ${order.buyerName}! உங்கள் ஆர்டர் பதிவானது`}>
          <Paragraph>
            {`${formatIndianDate(order.createdAt, TA)} அன்று நீங்கள் செய்த ${id} ஆர்டர் எங்களுக்குக் கிடைத்துவிட்டது. நீங்கள் ஆர்டர் செய்த ${tamilCount(units, '# பொருள்', '# பொருட்கள்')}:`}
          </Paragraph>
          {summary}
          <Paragraph>
            {order.paymentMethod === 'cash'
              ? `பூக்கள் வந்து சேரும்போது செலுத்த ${total} தயாராக வைத்திருங்கள்.`
              : 'பணம் செலுத்துதல் நிறைவடையவில்லை என்றால், நாங்கள் பொருட்களை உங்களுக்காக ஒதுக்கி வைத்திருக்கும் நேரத்துக்குள் ஆர்டர் பக்கத்திலிருந்தே பணம் செலுத்தலாம்.'}
          </Paragraph>
          {viewOrder}
        </MailLayout>
      );
    }
    case 'payment-received':
      return (
        <MailLayout language={TA} preview={`${total} கிடைத்தது`} heading="பணம் கிடைத்தது">
          <Paragraph>{`நன்றி, ${order.buyerName}. ${id} ஆர்டருக்கு நீங்கள் செலுத்திய ${total} எங்களுக்குக் கிடைத்தது; உங்கள் பூக்களைத் தயார் செய்து வருகிறோம்.`}</Paragraph>
          {viewOrder}
        </MailLayout>
      );
    case 'order-shipped':
      return (
        <MailLayout language={TA} preview={`ஆர்டர் ${id} உங்களிடம் வந்துகொண்டிருக்கிறது`} heading="உங்கள் பூக்கள் வந்துகொண்டிருக்கின்றன">
          <Paragraph>
            {`${id} ஆர்டர் ஓசூரில் உள்ள எங்கள் பேக்கிங் கூடத்திலிருந்து புறப்பட்டு, உங்களிடம் வந்துகொண்டிருக்கிறது.`}
            {order.paymentMethod === 'cash' ? ` டெலிவரியின்போது செலுத்த ${total} தயாராக வைத்திருங்கள்.` : ''}
          </Paragraph>
          {summary}
          <ActionButton href={link}>உங்கள் ஆர்டரைப் பின்தொடருங்கள்</ActionButton>
        </MailLayout>
      );
    case 'order-delivered':
      return (
        <MailLayout language={TA} preview={`ஆர்டர் ${id} டெலிவரி செய்யப்பட்டது`} heading="டெலிவரி செய்யப்பட்டது">
          <Paragraph>
            {`${id} ஆர்டர் டெலிவரி செய்யப்பட்டது. பூக்கள் உங்களுக்கு மகிழ்ச்சி தரட்டும்! அவற்றைச் சுத்தமான தண்ணீரில், நேரடி வெயில் படாத இடத்தில் வைத்து, இரண்டு நாட்களுக்கு ஒருமுறை தண்டுகளை நறுக்கி விடுங்கள்.`}
          </Paragraph>
          <ActionButton href={link}>உங்கள் ஆர்டரையும் விலைப்பட்டியலையும் பாருங்கள்</ActionButton>
        </MailLayout>
      );
    case 'delivery-failed':
      return (
        <MailLayout language={TA} preview={`ஆர்டர் ${id}: டெலிவரி செய்ய முடியவில்லை`} heading="உங்கள் பூக்களை டெலிவரி செய்ய முடியவில்லை">
          <Paragraph>
            {`எங்கள் டெலிவரி பணியாளர் ${id} ஆர்டருடன் வந்தார், ஆனால் அதை உங்களிடம் ஒப்படைக்க முடியவில்லை${reason ? ` (${tamilReason(reason)})` : ''}. பூக்கள் எங்களிடம் திரும்ப வந்துவிட்டன; மீண்டும் டெலிவரி செய்ய நாங்கள் உங்களைத் தொலைபேசியில் அழைப்போம்.`}
          </Paragraph>
          {viewOrder}
        </MailLayout>
      );
    case 'order-cancelled':
      return (
        <MailLayout language={TA} preview={`ஆர்டர் ${id} ரத்து செய்யப்பட்டது`} heading="உங்கள் ஆர்டர் ரத்து செய்யப்பட்டது">
          <Paragraph>{reason ? `${id} ஆர்டர் ரத்து செய்யப்பட்டது (${tamilReason(reason)}).` : `${id} ஆர்டரை எங்கள் குழு ரத்து செய்தது.`}</Paragraph>
          {refundNote(refund, order) && <Paragraph>{refundNote(refund, order)}</Paragraph>}
          {viewOrder}
        </MailLayout>
      );
    case 'payment-window-expired':
      return (
        <MailLayout language={TA} preview={`ஆர்டர் ${id} ரத்து செய்யப்பட்டது`} heading="பணம் செலுத்தும் நேரம் முடிந்துவிட்டது">
          <Paragraph>
            {`${id} ஆர்டரின் பொருட்களை உங்களுக்காக ஒதுக்கி வைத்திருந்தோம்; ஆனால் உரிய நேரத்துக்குள் பணம் வரவில்லை. எனவே ஆர்டரை ரத்து செய்து, பொருட்களை மீண்டும் விற்பனைக்கு வைத்துள்ளோம். உங்களிடமிருந்து எந்தப் பணமும் எடுக்கப்படவில்லை. அதே பொருட்களை ஆர்டர் பக்கத்திலிருந்து மீண்டும் ஆர்டர் செய்யலாம்.`}
          </Paragraph>
          <ActionButton href={link}>மீண்டும் ஆர்டர் செய்யுங்கள்</ActionButton>
        </MailLayout>
      );
    case 'refund-started':
      return (
        <MailLayout
          language={TA}
          preview={`${formatPaise(refund?.amountPaise ?? order.totalPaise)}: பணத்தைத் திருப்பித் தரத் தொடங்கியுள்ளோம்`}
          heading="உங்கள் பணத்தைத் திருப்பித் தரத் தொடங்கியுள்ளோம்"
        >
          <Paragraph>{refundNote(refund, order) ?? `${id} ஆர்டருக்கான பணத்தைத் திருப்பித் தரத் தொடங்கியுள்ளோம்.`}</Paragraph>
          {viewOrder}
        </MailLayout>
      );
    case 'refund-processed':
      return (
        <MailLayout language={TA} preview={`${formatPaise(refund?.amountPaise ?? order.totalPaise)} திருப்பித் தரப்பட்டது`} heading="உங்கள் பணம் திருப்பித் தரப்பட்டது">
          <Paragraph>
            {`${id} ஆர்டருக்கான ${formatPaise(refund?.amountPaise ?? order.totalPaise)} திருப்பித் தரப்பட்டது.`}
            {refund?.manual ? '' : ' உங்கள் வங்கிக் கணக்கு அறிக்கையில் இது தெரிய இன்னும் சில நாட்கள் ஆகலாம்.'}
          </Paragraph>
          {viewOrder}
        </MailLayout>
      );
  }
}

export function TamilWelcomeMail({ site, name }: { site: Site; name: string }): ReactElement {
  return (
    <MailLayout language={TA} preview="உங்கள் கணக்கு தயார்" heading={`வணக்கம் ${name}, Thalir Blooms உங்களை வரவேற்கிறது`}>
      <Paragraph>
        உங்கள் கணக்கு தயார். 1998 முதல் ஓசூரில் எங்கள் குடும்பம் வளர்த்து வரும் ரோஜா, கார்னேஷன், ஜெர்பரா பூக்களும் புதிதாக வெட்டிய பச்சை இலைகளும் சில கிளிக்குகளில் உங்களை வந்தடையும்.
        விருப்பப் பட்டியலை வைத்துக்கொள்ளலாம், உங்கள் ஆர்டர்களைப் பின்தொடரலாம், அவற்றின் விலைப்பட்டியல்களைப் பதிவிறக்கலாம்.
      </Paragraph>
      <ActionButton href={`${site.url}/products`}>கடையைப் பாருங்கள்</ActionButton>
    </MailLayout>
  );
}

export function TamilContactAckMail({ name, message }: { name: string; message: string }): ReactElement {
  return (
    <MailLayout language={TA} preview="உங்கள் செய்தி கிடைத்தது" heading={`எழுதியதற்கு நன்றி, ${name}`}>
      <Paragraph>உங்கள் செய்தி எங்களுக்குக் கிடைத்தது. ஒரு வேலை நாளுக்குள் பதில் அளிப்போம் (திங்கள்–சனி, காலை 9:00 – மாலை 6:30). நீங்கள் எழுதியது:</Paragraph>
      <Text style={quote}>{message}</Text>
    </MailLayout>
  );
}

const ENQUIRY_LABELS: EnquiryLabels = {
  company: 'நிறுவனம்',
  country: 'நாடு',
  products: 'பொருட்கள்',
  quantity: 'ஒவ்வொரு அனுப்புதலிலும் தண்டுகள்',
  frequency: 'எத்தனை முறை',
  targetMonth: 'விரும்பும் மாதம்',
};

export function TamilEnquiryAckMail({ enquiry }: { enquiry: EnquiryForMail }): ReactElement {
  return (
    <MailLayout language={TA} preview="விலை விவரங்களை அனுப்புவோம்" heading={`நன்றி, ${enquiry.contactName}`}>
      <Paragraph>
        {`${enquiry.company} சார்பாக நீங்கள் அனுப்பிய விசாரணை எங்களுக்குக் கிடைத்தது. ஓசூரில் உள்ள எங்கள் ஏற்றுமதிப் பிரிவு இரண்டு வேலை நாட்களுக்குள் விலை, கையிருப்பு, அனுப்பும் வழிகள் பற்றிப் பதில் அளிக்கும். நீங்கள் கேட்டவை:`}
      </Paragraph>
      <EnquiryFacts enquiry={enquiry} labels={ENQUIRY_LABELS} />
      <Text style={quote}>{enquiry.message}</Text>
    </MailLayout>
  );
}

export function TamilNewsletterConfirmMail({ confirmUrl, unsubscribeUrl }: { confirmUrl: string; unsubscribeUrl: string }): ReactElement {
  return (
    <MailLayout language={TA} preview="ஒரே கிளிக்கில் உறுதிசெய்யுங்கள்" heading="செய்திமடல் சந்தாவை உறுதிசெய்யுங்கள்">
      <Paragraph>
        யாரோ (நீங்கள்தான் என நம்புகிறோம்) இந்த முகவரிக்கு Thalir Blooms செய்திகளைக் கேட்டிருக்கிறார்கள்: பருவத்தின் பூக்கள், சலுகைகள், ஓசூரில் உள்ள எங்கள் பண்ணையின் கதைகள். நீங்கள்
        உறுதிசெய்யும் வரை எதையும் அனுப்ப மாட்டோம்.
      </Paragraph>
      <ActionButton href={confirmUrl}>ஆம், என்னைச் சேர்த்துக்கொள்ளுங்கள்</ActionButton>
      <Paragraph>நீங்கள் கேட்கவில்லை என்றால் இந்த மின்னஞ்சலைப் புறக்கணியுங்கள்: உறுதிசெய்யப்படாத முகவரி ஒரு வாரத்தில் மறக்கப்படும்.</Paragraph>
      <Text style={smallPrint}>
        மனம் மாறிவிட்டதா? இப்போதோ, நாங்கள் அனுப்பும் எந்தச் செய்திமடலிலிருந்தோ ஒரே கிளிக்கில் <Link href={unsubscribeUrl}>விலகலாம்</Link>.
      </Text>
    </MailLayout>
  );
}

export function TamilAccountErasedMail({
  site,
  invoicesKept,
  invoicesWithNameAndAddress,
}: {
  site: Site;
  invoicesKept: number;
  invoicesWithNameAndAddress: number;
}): ReactElement {
  const named = invoicesWithNameAndAddress;
  return (
    <MailLayout language={TA} preview="உங்கள் தனிப்பட்ட தரவுகள் அழிக்கப்பட்டன" heading="உங்கள் கணக்கு நீக்கப்பட்டது">
      <Paragraph>
        நீங்கள் கேட்டபடி, உங்கள் Thalir Blooms கணக்கை நீக்கி, உங்கள் தனிப்பட்ட தரவுகளை அழித்துவிட்டோம்: உங்கள் பெயர், மின்னஞ்சல் முகவரி, கடவுச்சொல், டெலிவரி முகவரிகள், தொலைபேசி எண்கள்,
        பரிசுச் செய்திகள், விருப்பப் பட்டியல், செய்திமடல் சந்தா, நீங்கள் எங்களுக்கு அனுப்பிய செய்திகள், விசாரணைகள். எல்லாச் சாதனங்களிலிருந்தும் நீங்கள் வெளியேற்றப்பட்டுள்ளீர்கள்.
      </Paragraph>
      {invoicesKept > 0 && (
        <Paragraph>
          {`GST சட்டப்படி, உங்கள் ${tamilCount(invoicesKept, '# ஆர்டரின்', '# ஆர்டர்களின்')} வரி விலைப்பட்டியல்களை 72 மாதங்கள் வைத்திருக்க வேண்டும்: விலைப்பட்டியல் எண், தேதி, பொருட்கள், தொகைகள், வரிகள், பூக்கள் சென்ற மாநிலம்.`}
          {named > 0
            ? ` வரிக்குரிய மதிப்பு ${formatPaise(NAME_AND_ADDRESS_FROM_TAXABLE_PAISE)} அல்லது அதற்கு மேல் உள்ள விலைப்பட்டியல்களில் (${tamilCount(named, '# ஆர்டர்', '# ஆர்டர்கள்')}) உங்கள் பெயரும் டெலிவரி முகவரியும் இருக்கும்.`
            : ''}
        </Paragraph>
      )}
      <Paragraph>இதுவே நாங்கள் உங்களுக்கு அனுப்பும் கடைசி மின்னஞ்சல்: இது அனுப்பப்பட்டதும் இந்த முகவரியை மறந்துவிடுவோம். எப்போது வேண்டுமானாலும் மீண்டும் வரலாம்.</Paragraph>
      <ActionButton href={site.url}>Thalir Blooms தளத்துக்குச் செல்லுங்கள்</ActionButton>
    </MailLayout>
  );
}

export function TamilResetPasswordMail({ name, link, validMinutes }: { name: string; link: string; validMinutes: number }): ReactElement {
  return (
    <MailLayout language={TA} preview="புதிய கடவுச்சொல்லைத் தேர்ந்தெடுங்கள்" heading={`வணக்கம் ${name}`}>
      <Paragraph>உங்கள் Thalir Blooms கணக்கின் கடவுச்சொல்லை மாற்ற யாரோ (நீங்கள்தான் என நம்புகிறோம்) கேட்டிருக்கிறார்கள்.</Paragraph>
      <ActionButton href={link}>புதிய கடவுச்சொல்லைத் தேர்ந்தெடுங்கள்</ActionButton>
      <Paragraph>
        {`இந்த இணைப்பு ஒருமுறை மட்டுமே செயல்படும்; ${tamilCount(validMinutes, '# நிமிடத்தில்', '# நிமிடங்களில்')} காலாவதியாகிவிடும். நீங்கள் கேட்கவில்லை என்றால் இந்த மின்னஞ்சலைப் புறக்கணியுங்கள்; உங்கள் கடவுச்சொல் மாறாது.`}
      </Paragraph>
      <Text style={{ color: BRAND.muted, fontSize: '13px', wordBreak: 'break-all' }}>{link}</Text>
    </MailLayout>
  );
}

/** Every mail about a subscription, to its customer; the plan by its Tamil name where it has one. */
export function TamilSubscriptionMail({
  site,
  subscription,
  mail,
}: {
  site: Site;
  subscription: SubscriptionForMail;
  mail: SubscriptionMailFacts;
}): ReactElement {
  const link = `${site.url}/subscriptions`;
  const plan = subscription.planName;
  const seeDeliveries = <ActionButton href={link}>உங்கள் டெலிவரிகளைப் பாருங்கள்</ActionButton>;
  switch (mail.kind) {
    case 'subscription-started':
      return (
        <MailLayout
          language={TA}
          preview={`${plan}: ${tamilCount(mail.creditsLeft, '# டெலிவரிக்குப் பணம் செலுத்தப்பட்டது', '# டெலிவரிகளுக்குப் பணம் செலுத்தப்பட்டது')}`}
          heading={`நன்றி, ${subscription.buyerName}! உங்கள் சந்தா தொடங்கியது`}
        >
          <Paragraph>
            {`உங்கள் ${plan} திட்டத்தில் ${tamilCount(mail.creditsLeft, '# டெலிவரிக்குப்', '# டெலிவரிகளுக்குப்')} பணம் செலுத்தப்பட்டுள்ளது. ஒவ்வொரு டெலிவரியும் அவற்றில் ஒன்றைப் பயன்படுத்தும்; ஒவ்வொரு நாளின் கடைசி நேரத்துக்கு முன், உங்கள் சந்தாக்கள் பக்கத்திலிருந்து ஒரு நாளைத் தவிர்க்கலாம், அதன் நேரத்தையோ முகவரியையோ மாற்றலாம், அல்லது விடுமுறைக்காக இடைநிறுத்தலாம்.`}
          </Paragraph>
          {seeDeliveries}
        </MailLayout>
      );
    case 'subscription-low-credits':
      return (
        <MailLayout language={TA} preview={deliveriesLeft(mail.creditsLeft)} heading={deliveriesLeft(mail.creditsLeft)}>
          <Paragraph>
            {`உங்கள் ${plan} திட்டத்தில் ${deliveriesLeft(mail.creditsLeft)}. இடைவெளி இல்லாமல் பூக்கள் வந்துகொண்டிருக்க, அடுத்த தொகுப்பை இப்போதே வாங்குங்கள்; டெலிவரிகள் தீர்ந்துவிட்டால், நீங்கள் வாங்கும் வரை அவை நிறுத்தி வைக்கப்படும்.`}
          </Paragraph>
          <ActionButton href={`${link}?buy=${subscription.id}`}>மேலும் டெலிவரிகளை வாங்குங்கள்</ActionButton>
        </MailLayout>
      );
    case 'subscription-paused':
      return (
        <MailLayout language={TA} preview={`${date(mail.from)} முதல் ${date(mail.until)} வரை இடைநிறுத்தம்`} heading="உங்கள் சந்தா இடைநிறுத்தப்பட்டது">
          <Paragraph>
            {`${date(mail.from)} முதல் ${date(mail.until)} வரை ${plan} டெலிவரி இருக்காது; அந்த நாட்களுக்கு எந்த டெலிவரியும் கழிக்கப்படாது. அதற்கு அடுத்த நாளிலிருந்து டெலிவரிகள் தாமாகவே மீண்டும் தொடங்கும்.`}
          </Paragraph>
          <ActionButton href={link}>இடைநிறுத்தத்தை மாற்றுங்கள் அல்லது முடியுங்கள்</ActionButton>
        </MailLayout>
      );
    case 'subscription-resumed':
      return (
        <MailLayout language={TA} preview={`${plan} மீண்டும் தொடங்கியது`} heading="உங்கள் சந்தா மீண்டும் தொடங்கியது">
          <Paragraph>{`இடைநிறுத்தம் முடிந்தது: நீங்கள் தேர்ந்தெடுத்தபடியே உங்கள் ${plan} டெலிவரிகள் தொடரும்.`}</Paragraph>
          {seeDeliveries}
        </MailLayout>
      );
    case 'subscription-delivery-not-made':
      return (
        <MailLayout language={TA} preview={`${date(mail.date)} அன்று டெலிவரி இல்லை`} heading="ஒரு டெலிவரியைச் செய்ய முடியவில்லை">
          <Paragraph>
            {`மன்னிக்கவும்: ${date(mail.date)} அன்றைய உங்கள் ${plan} டெலிவரிக்குப் போதுமான புதிய பூக்கள் எங்களிடம் இல்லாததால், அதை அனுப்பவில்லை. அதற்காக எந்த டெலிவரியும் கழிக்கப்படவில்லை; அது இன்னொரு நாளுக்காக உங்கள் சந்தாவில் அப்படியே இருக்கும்.`}
          </Paragraph>
          {seeDeliveries}
        </MailLayout>
      );
    case 'subscription-cancelled':
      return (
        <MailLayout language={TA} preview={`${plan} ரத்து செய்யப்பட்டது`} heading="உங்கள் சந்தா ரத்து செய்யப்பட்டது">
          <Paragraph>
            {`உங்கள் ${plan} திட்டம் ரத்து செய்யப்பட்டது; இனி டெலிவரிகள் வராது.`}
            {mail.refundPaise
              ? ` பயன்படுத்தாத டெலிவரிகளுக்கான ${formatPaise(mail.refundPaise)}, நீங்கள் பணம் செலுத்திய கார்டு அல்லது கணக்குக்கே திரும்ப அனுப்பப்படும்; அது தெரிய வங்கிகள் 5–7 வேலை நாட்கள் எடுத்துக்கொள்ளும்.`
              : ''}
          </Paragraph>
          <ActionButton href={link}>உங்கள் சந்தாக்களைப் பாருங்கள்</ActionButton>
        </MailLayout>
      );
  }
}
