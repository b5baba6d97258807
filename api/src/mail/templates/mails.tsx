import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactElement } from 'react';
import { PAYMENT_METHOD_LABELS } from '@thalir/contracts';
import { COUNTRY_NAMES } from '@thalir/contracts/countries';
import { formatCalendarDay, formatCount, formatIndianDate, formatPaise } from '../../common/format';
import { NAME_AND_ADDRESS_FROM_TAXABLE_PAISE } from '../../tax/invoice-retention';
import type { LowStockLine, OrderForMail, OrderMailKind, RefundForMail, SubscriptionMailFacts } from '../mail-kinds';
import { ActionButton, BRAND, MailLayout, OrderSummary, Paragraph } from './layout';

/** Where links in mails point: the site's public address. */
export interface Site {
  url: string;
}

const orderLink = (site: Site, order: OrderForMail) => `${site.url}/order/${order.id}`;
const paymentLabel = (order: OrderForMail) => PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod;

export interface OrderMailProps {
  kind: OrderMailKind;
  site: Site;
  order: OrderForMail;
  refund: RefundForMail | null;
  reason: string | null;
}

function refundNote(refund: RefundForMail | null, order: OrderForMail): string | null {
  if (!refund) return null;
  return refund.manual
    ? `We will hand the ${formatPaise(refund.amountPaise)} you paid in cash back to you; our team will be in touch.`
    : `The ${formatPaise(refund.amountPaise)} you paid for order ${order.shortId} goes back to the card or account you paid with. Banks take 5–7 working days to show it.`;
}

/** Every mail about one order, to its buyer, and the staff's notice of a new one. */
export function OrderMail({ kind, site, order, refund, reason }: OrderMailProps): ReactElement {
  const link = orderLink(site, order);
  switch (kind) {
    case 'order-placed':
      return (
        <MailLayout preview={`Order ${order.shortId}: ${formatPaise(order.totalPaise)}`} heading={`Thank you, ${order.buyerName}! Your order is placed`}>
          <Paragraph>
            Your order {order.shortId} of {formatIndianDate(order.createdAt)} is with us. Here is what you ordered:
          </Paragraph>
          <OrderSummary order={order} paymentLabel={paymentLabel(order)} />
          <Paragraph>
            {order.paymentMethod === 'cash'
              ? `Please keep ${formatPaise(order.totalPaise)} ready for when your flowers arrive.`
              : 'If your payment did not go through, you can pay from the order page while we hold the items for you.'}
          </Paragraph>
          <ActionButton href={link}>View your order</ActionButton>
        </MailLayout>
      );
    case 'payment-received':
      return (
        <MailLayout preview={`We received ${formatPaise(order.totalPaise)}`} heading="Payment received">
          <Paragraph>
            Thank you, {order.buyerName}. We received your payment of {formatPaise(order.totalPaise)} for order {order.shortId}, and we are getting your flowers
            ready.
          </Paragraph>
          <ActionButton href={link}>View your order</ActionButton>
        </MailLayout>
      );
    case 'order-shipped':
      return (
        <MailLayout preview={`Order ${order.shortId} is on its way`} heading="Your flowers are on their way">
          <Paragraph>
            Order {order.shortId} has left our packhouse in Hosur and is on its way to you.
            {order.paymentMethod === 'cash' ? ` Please keep ${formatPaise(order.totalPaise)} ready to pay on delivery.` : ''}
          </Paragraph>
          <OrderSummary order={order} paymentLabel={paymentLabel(order)} />
          <ActionButton href={link}>Follow your order</ActionButton>
        </MailLayout>
      );
    case 'order-delivered':
      return (
        <MailLayout preview={`Order ${order.shortId} was delivered`} heading="Delivered">
          <Paragraph>
            Order {order.shortId} was delivered. We hope the flowers bring joy; keep them in fresh water, away from direct sun, and trim the stems every two
            days.
          </Paragraph>
          <ActionButton href={link}>View your order and invoice</ActionButton>
        </MailLayout>
      );
    case 'delivery-failed':
      return (
        <MailLayout preview={`We could not deliver order ${order.shortId}`} heading="We could not deliver your flowers">
          <Paragraph>
            Our delivery person came with order {order.shortId} but could not hand it over{reason ? ` (${reason})` : ''}. The flowers are back with us, and we
            will call you to arrange another delivery.
          </Paragraph>
          <ActionButton href={link}>View your order</ActionButton>
        </MailLayout>
      );
    case 'order-cancelled':
      return (
        <MailLayout preview={`Order ${order.shortId} was cancelled`} heading="Your order was cancelled">
          <Paragraph>
            Order {order.shortId} was cancelled{reason ? ` (${reason})` : ' by our team'}.
          </Paragraph>
          {refundNote(refund, order) && <Paragraph>{refundNote(refund, order)}</Paragraph>}
          <ActionButton href={link}>View your order</ActionButton>
        </MailLayout>
      );
    case 'payment-window-expired':
      return (
        <MailLayout preview={`Order ${order.shortId} was cancelled`} heading="The payment window ran out">
          <Paragraph>
            We held the items of order {order.shortId} for you, but the payment did not arrive in time, so we cancelled the order and put them back on sale.
            Nothing was charged. You can order the same items again from the order page.
          </Paragraph>
          <ActionButton href={link}>Order again</ActionButton>
        </MailLayout>
      );
    case 'refund-started':
      return (
        <MailLayout preview={`Refund of ${formatPaise(refund?.amountPaise ?? order.totalPaise)} started`} heading="Your refund has started">
          <Paragraph>{refundNote(refund, order) ?? `We have started a refund for order ${order.shortId}.`}</Paragraph>
          <ActionButton href={link}>View your order</ActionButton>
        </MailLayout>
      );
    case 'refund-processed':
      return (
        <MailLayout preview={`Refund of ${formatPaise(refund?.amountPaise ?? order.totalPaise)} processed`} heading="Your refund is processed">
          <Paragraph>
            The refund of {formatPaise(refund?.amountPaise ?? order.totalPaise)} for order {order.shortId} is processed.
            {refund?.manual ? '' : ' Your bank may take a few more days to show it on your statement.'}
          </Paragraph>
          <ActionButton href={link}>View your order</ActionButton>
        </MailLayout>
      );
    case 'staff-new-order':
      return (
        <MailLayout preview={`${order.buyerName}: ${formatPaise(order.totalPaise)}`} heading={`New order ${order.shortId}`}>
          <Paragraph>
            {order.buyerName} ({order.buyerEmail}) placed an order of {formatPaise(order.totalPaise)}, paid by {paymentLabel(order)}.
          </Paragraph>
          <OrderSummary order={order} paymentLabel={paymentLabel(order)} />
          <ActionButton href={`${site.url}/admin/orders?q=${order.id}`}>Open it in the orders page</ActionButton>
        </MailLayout>
      );
  }
}

export function WelcomeMail({ site, name }: { site: Site; name: string }): ReactElement {
  return (
    <MailLayout preview="Your account is ready" heading={`Welcome to Thalir Blooms, ${name}`}>
      <Paragraph>
        Your account is ready. Roses, carnations, gerberas and fresh cut greens, grown by our family in Hosur since 1998, are a few clicks away. You can keep a
        wishlist, follow your orders and download their invoices.
      </Paragraph>
      <ActionButton href={`${site.url}/products`}>Browse the shop</ActionButton>
    </MailLayout>
  );
}

export const quote = {
  borderLeft: `3px solid ${BRAND.line}`,
  paddingLeft: '12px',
  color: BRAND.muted,
  fontSize: '14px',
  lineHeight: '22px',
  whiteSpace: 'pre-line' as const,
  margin: '0 0 16px',
};

export function ContactAckMail({ name, message }: { name: string; message: string }): ReactElement {
  return (
    <MailLayout preview="We got your message" heading={`Thank you for writing, ${name}`}>
      <Paragraph>We got your message and will answer within one working day (Mon–Sat 9:00 AM – 6:30 PM). This is what you wrote:</Paragraph>
      <Text style={quote}>{message}</Text>
    </MailLayout>
  );
}

export function StaffContactMail({ site, name, email, message }: { site: Site; name: string; email: string; message: string }): ReactElement {
  return (
    <MailLayout preview={`From ${name}`} heading="New contact message">
      <Paragraph>
        From {name} (<Link href={`mailto:${email}`}>{email}</Link>):
      </Paragraph>
      <Text style={quote}>{message}</Text>
      <ActionButton href={`${site.url}/admin/contact`}>Open the contact list</ActionButton>
    </MailLayout>
  );
}

export function LowStockMail({ site, threshold, products }: { site: Site; threshold: number; products: LowStockLine[] }): ReactElement {
  return (
    <MailLayout preview={`${products.length} products at or under ${threshold}`} heading="Low stock today">
      <Paragraph>These products have {threshold} or fewer items left:</Paragraph>
      <Section style={{ margin: '0 0 16px' }}>
        {products.map((product, index) => (
          <Text key={index} style={{ margin: '0 0 4px', fontSize: '15px', color: product.stock === 0 ? BRAND.rose : BRAND.ink }}>
            {product.name}: {product.stock === 0 ? 'sold out' : `${product.stock} left`}
          </Text>
        ))}
      </Section>
      <ActionButton href={`${site.url}/admin/products`}>Restock in the back office</ActionButton>
    </MailLayout>
  );
}

export function StaffInviteMail({
  name,
  roleLabel,
  invitedBy,
  link,
  validHours,
}: {
  name: string;
  roleLabel: string;
  invitedBy: string;
  link: string;
  validHours: number;
}): ReactElement {
  return (
    <MailLayout preview="Your invitation to the back office" heading={`Hello ${name}`}>
      <Paragraph>
        {invitedBy} invited you to Thalir Blooms' back office, with the {roleLabel} role. Choose a password to set up your account.
      </Paragraph>
      <ActionButton href={link}>Set your password</ActionButton>
      <Paragraph>The link works once and expires in {validHours} hours. If you did not expect this invitation, ignore this email.</Paragraph>
      <Text style={{ color: BRAND.muted, fontSize: '13px', wordBreak: 'break-all' }}>{link}</Text>
    </MailLayout>
  );
}

export function ResetPasswordMail({ name, link, validMinutes }: { name: string; link: string; validMinutes: number }): ReactElement {
  return (
    <MailLayout preview="Choose a new password" heading={`Hello ${name}`}>
      <Paragraph>Someone (we hope you) asked to reset the password of your Thalir Blooms account.</Paragraph>
      <ActionButton href={link}>Choose a new password</ActionButton>
      <Paragraph>
        The link works once and expires in {validMinutes} minutes. If you did not ask for it, ignore this email; your password stays as it is.
      </Paragraph>
      <Text style={{ color: BRAND.muted, fontSize: '13px', wordBreak: 'break-all' }}>{link}</Text>
    </MailLayout>
  );
}

/** An export enquiry as the mails show it. */
export interface EnquiryForMail {
  id: string;
  company: string;
  contactName: string;
  email: string;
  phone: string | null;
  country: string;
  products: { name: string }[];
  quantity: number | null;
  frequency: string | null;
  targetMonth: string | null;
  message: string;
}

/** The labels of an enquiry's facts. */
export type EnquiryLabels = Record<'company' | 'country' | 'products' | 'quantity' | 'frequency' | 'targetMonth', string>;
const ENQUIRY_LABELS: EnquiryLabels = {
  company: 'Company',
  country: 'Country',
  products: 'Products',
  quantity: 'Stems per shipment',
  frequency: 'Frequency',
  targetMonth: 'Target month',
};

export function EnquiryFacts({ enquiry, labels = ENQUIRY_LABELS }: { enquiry: EnquiryForMail; labels?: EnquiryLabels }) {
  const facts: [string, string][] = [
    [labels.company, enquiry.company],
    [labels.country, COUNTRY_NAMES[enquiry.country] ?? enquiry.country],
    ...(enquiry.products.length > 0 ? ([[labels.products, enquiry.products.map((product) => product.name).join(', ')]] as [string, string][]) : []),
    ...(enquiry.quantity ? ([[labels.quantity, formatCount(enquiry.quantity)]] as [string, string][]) : []),
    ...(enquiry.frequency ? ([[labels.frequency, enquiry.frequency]] as [string, string][]) : []),
    ...(enquiry.targetMonth ? ([[labels.targetMonth, enquiry.targetMonth]] as [string, string][]) : []),
  ];
  return (
    <Section style={{ margin: '0 0 16px' }}>
      {facts.map(([label, value]) => (
        <Text key={label} style={{ margin: '0 0 4px', fontSize: '14px', color: BRAND.ink }}>
          <strong>{label}:</strong> {value}
        </Text>
      ))}
    </Section>
  );
}

export function EnquiryAckMail({ enquiry }: { enquiry: EnquiryForMail }): ReactElement {
  return (
    <MailLayout preview="We will send you a quote" heading={`Thank you, ${enquiry.contactName}`}>
      <Paragraph>
        We got your enquiry for {enquiry.company}. Our export desk in Hosur answers within two working days with prices, availability and shipping options. This
        is what you asked about:
      </Paragraph>
      <EnquiryFacts enquiry={enquiry} />
      <Text style={quote}>{enquiry.message}</Text>
    </MailLayout>
  );
}

export function StaffEnquiryMail({ site, enquiry }: { site: Site; enquiry: EnquiryForMail }): ReactElement {
  return (
    <MailLayout preview={`${enquiry.company}, ${COUNTRY_NAMES[enquiry.country] ?? enquiry.country}`} heading="New wholesale enquiry">
      <Paragraph>
        From {enquiry.contactName} (<Link href={`mailto:${enquiry.email}`}>{enquiry.email}</Link>
        {enquiry.phone ? `, ${enquiry.phone}` : ''}):
      </Paragraph>
      <EnquiryFacts enquiry={enquiry} />
      <Text style={quote}>{enquiry.message}</Text>
      <ActionButton href={`${site.url}/admin/enquiries`}>Open the enquiries</ActionButton>
    </MailLayout>
  );
}

export const smallPrint = { color: BRAND.muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' };

/** The double opt-in: nothing goes to the address until its owner confirms; unsubscribing works from here on. */
export function NewsletterConfirmMail({ confirmUrl, unsubscribeUrl }: { confirmUrl: string; unsubscribeUrl: string }): ReactElement {
  return (
    <MailLayout preview="One click to confirm" heading="Please confirm your subscription">
      <Paragraph>
        Someone (we hope you) asked for Thalir Blooms news at this address: the flowers of the season, offers and stories from our farm in Hosur. We send
        nothing until you confirm.
      </Paragraph>
      <ActionButton href={confirmUrl}>Yes, subscribe me</ActionButton>
      <Paragraph>If you did not ask for it, ignore this email: an unconfirmed address is forgotten after a week.</Paragraph>
      <Text style={smallPrint}>
        Changed your mind? <Link href={unsubscribeUrl}>Unsubscribe</Link> with one click, now or from any newsletter we send.
      </Text>
    </MailLayout>
  );
}

const ordersOf = (count: number) => `${formatCount(count)} ${count === 1 ? 'order' : 'orders'}`;

/** The last mail to an erased account: what went, and what tax law keeps on the invoices. */
export function AccountErasedMail({
  site,
  invoicesKept,
  invoicesWithNameAndAddress,
}: {
  site: Site;
  invoicesKept: number;
  invoicesWithNameAndAddress: number;
}): ReactElement {
  return (
    <MailLayout preview="Your personal data is erased" heading="Your account is deleted">
      <Paragraph>
        As you asked, we have deleted your Thalir Blooms account and erased your personal data: your name, email address and password, delivery addresses and
        phone numbers, gift messages, wishlist, newsletter subscription, and the messages and enquiries you sent us. You are signed out everywhere.
      </Paragraph>
      {invoicesKept > 0 && (
        <Paragraph>
          GST law has us keep the tax invoices of your {ordersOf(invoicesKept)} for 72 months: invoice number and date, items, amounts, taxes and the state the
          flowers went to.
          {invoicesWithNameAndAddress > 0
            ? ` On the invoices with a taxable value of ${formatPaise(NAME_AND_ADDRESS_FROM_TAXABLE_PAISE)} or more (${ordersOf(invoicesWithNameAndAddress)}), your name and the delivery address stay as well.`
            : ''}
        </Paragraph>
      )}
      <Paragraph>This is the last email we send you: we forget this address as soon as it has gone. You are welcome back any time.</Paragraph>
      <ActionButton href={site.url}>Visit Thalir Blooms</ActionButton>
    </MailLayout>
  );
}

/** What a subscription's mails show of it, read when the mail is sent. */
export interface SubscriptionForMail {
  id: string;
  planName: string;
  buyerName: string;
}

const deliveriesOf = (count: number) => `${formatCount(count)} ${count === 1 ? 'delivery' : 'deliveries'}`;

/** Every mail about a subscription, to its customer. */
export function SubscriptionMail({ site, subscription, mail }: { site: Site; subscription: SubscriptionForMail; mail: SubscriptionMailFacts }): ReactElement {
  const link = `${site.url}/subscriptions`;
  const plan = subscription.planName;
  switch (mail.kind) {
    case 'subscription-started':
      return (
        <MailLayout preview={`${plan}: ${deliveriesOf(mail.creditsLeft)} paid`} heading={`Thank you, ${subscription.buyerName}! Your subscription has started`}>
          <Paragraph>
            Your {plan} is paid for {deliveriesOf(mail.creditsLeft)}. Each delivery uses one; you can skip a day, change its time or address, or pause for a
            holiday from your subscriptions page until the day's cut-off.
          </Paragraph>
          <ActionButton href={link}>See your deliveries</ActionButton>
        </MailLayout>
      );
    case 'subscription-low-credits':
      return (
        <MailLayout preview={`${deliveriesOf(mail.creditsLeft)} left`} heading={`${deliveriesOf(mail.creditsLeft)} left`}>
          <Paragraph>
            Your {plan} has {deliveriesOf(mail.creditsLeft)} left. To keep the flowers coming without a break, buy the next pack now; once none are left, the
            deliveries wait until you do.
          </Paragraph>
          <ActionButton href={`${link}?buy=${subscription.id}`}>Buy more deliveries</ActionButton>
        </MailLayout>
      );
    case 'subscription-paused':
      return (
        <MailLayout preview={`Paused ${formatCalendarDay(mail.from)} to ${formatCalendarDay(mail.until)}`} heading="Your subscription is paused">
          <Paragraph>
            We will bring no {plan} from {formatCalendarDay(mail.from)} to {formatCalendarDay(mail.until)}, and no delivery is used for those days. The
            deliveries start again the day after, on their own.
          </Paragraph>
          <ActionButton href={link}>Change or end the pause</ActionButton>
        </MailLayout>
      );
    case 'subscription-resumed':
      return (
        <MailLayout preview={`${plan} resumed`} heading="Your subscription is resumed">
          <Paragraph>Your pause is over: your {plan} deliveries go on as you chose them.</Paragraph>
          <ActionButton href={link}>See your deliveries</ActionButton>
        </MailLayout>
      );
    case 'subscription-delivery-not-made':
      return (
        <MailLayout preview={`No delivery on ${formatCalendarDay(mail.date)}`} heading="We could not make a delivery">
          <Paragraph>
            We are sorry: we did not have enough fresh flowers for your {plan} of {formatCalendarDay(mail.date)}, so we did not send it. No delivery was used
            for it; it stays on your subscription for another day.
          </Paragraph>
          <ActionButton href={link}>See your deliveries</ActionButton>
        </MailLayout>
      );
    case 'subscription-cancelled':
      return (
        <MailLayout preview={`${plan} cancelled`} heading="Your subscription is cancelled">
          <Paragraph>
            Your {plan} is cancelled, and no more deliveries will come.
            {mail.refundPaise
              ? ` The ${formatPaise(mail.refundPaise)} for the deliveries you did not use goes back to the card or account you paid with; banks take 5–7 working days to show it.`
              : ''}
          </Paragraph>
          <ActionButton href={link}>See your subscriptions</ActionButton>
        </MailLayout>
      );
  }
}
