import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactNode } from 'react';
import type { CatalogueLanguage } from '@thalir/contracts';
import { formatPaise } from '../../common/format';
import type { OrderForMail } from '../mail-kinds';

/** The shop's colours (libs/ui tokens): leaf green, cream, rose. */
export const BRAND = { leaf: '#1f5a41', leafDark: '#14382a', cream: '#fbf6ee', rose: '#a3173f', ink: '#1d1d1b', muted: '#5f5f5a', line: '#e6ddd0' };

const FONT = "'Helvetica Neue', Helvetica, Arial, sans-serif";
/** Tamil text in a Tamil face where the reader has one (Android, Windows), the Latin in the usual one. */
const FONTS: Record<CatalogueLanguage, string> = { en: FONT, ta: `'Noto Sans Tamil', 'Nirmala UI', Latha, ${FONT}` };
const text: CSSProperties = { color: BRAND.ink, fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' };
const muted: CSSProperties = { ...text, color: BRAND.muted, fontSize: '13px', lineHeight: '20px' };

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={text}>{children}</Text>;
}

/** One call to action, as a button that survives every mail client. */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button
        href={href}
        style={{
          backgroundColor: BRAND.leaf,
          color: '#ffffff',
          borderRadius: '6px',
          fontSize: '15px',
          fontWeight: 600,
          padding: '12px 22px',
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** What every mail says around its message, in each language; the brand stays in Latin letters. */
const FRAME: Record<CatalogueLanguage, { tagline: string; footer: string }> = {
  en: {
    tagline: 'Fresh flowers and green leaves from Hosur',
    footer: 'Thalir Blooms Exports Pvt. Ltd. · 14 Rayakottai Road, Hosur, Tamil Nadu 635109, India · +91 4344 200 140 · hello@thalirblooms.example',
  },
  ta: {
    tagline: 'ஓசூரிலிருந்து புதிய பூக்களும் பச்சை இலைகளும்',
    footer: 'Thalir Blooms Exports Pvt. Ltd. · 14, ராயக்கோட்டை சாலை, ஓசூர், தமிழ்நாடு 635109, இந்தியா · +91 4344 200 140 · hello@thalirblooms.example',
  },
};

/** Every mail: the shop's name on green, the message on white, the company's address below; in English unless told. */
export function MailLayout({
  preview,
  heading,
  language = 'en',
  children,
}: {
  preview: string;
  heading: string;
  language?: CatalogueLanguage;
  children: ReactNode;
}) {
  const frame = FRAME[language];
  return (
    <Html lang={language}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: BRAND.cream, fontFamily: FONTS[language], margin: 0, padding: '24px 0' }}>
        <Container style={{ maxWidth: '600px', backgroundColor: '#ffffff', borderRadius: '8px', overflow: 'hidden', border: `1px solid ${BRAND.line}` }}>
          <Section style={{ backgroundColor: BRAND.leaf, padding: '20px 28px' }}>
            <Text style={{ color: '#ffffff', fontSize: '22px', fontWeight: 700, letterSpacing: '0.02em', margin: 0 }}>Thalir Blooms</Text>
            <Text style={{ color: '#d9eadf', fontSize: '13px', margin: '2px 0 0' }}>{frame.tagline}</Text>
          </Section>
          <Section style={{ padding: '28px' }}>
            <Heading as="h1" style={{ color: BRAND.leafDark, fontSize: '22px', lineHeight: '30px', margin: '0 0 16px' }}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Hr style={{ borderColor: BRAND.line, margin: 0 }} />
          <Section style={{ padding: '16px 28px' }}>
            <Text style={muted}>{frame.footer}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** Marks the order's lines, so the plain-text part lays them out as columns (see mail-composer.ts). */
export const ORDER_LINE_CLASS = 'order-line';

const cell: CSSProperties = { ...text, margin: 0, padding: '6px 0', borderBottom: `1px solid ${BRAND.line}` };

/** The order summary's own words (each label with what follows it, so both languages render alike). */
const SUMMARY: Record<CatalogueLanguage, { total: string; payment: string; address: string; delivery: string; free: string }> = {
  en: { total: 'Total', payment: 'Payment: ', address: 'Delivery address: ', delivery: 'Delivery', free: 'Free' },
  ta: { total: 'மொத்தம்', payment: 'பணம் செலுத்தும் முறை: ', address: 'டெலிவரி முகவரி: ', delivery: 'டெலிவரி', free: 'இலவசம்' },
};

/**
 * The order's lines, quantities and line totals, each offer taken off the items and the delivery
 * charge (when it had one), the total, with how it is paid and where it goes.
 */
export function OrderSummary({ order, paymentLabel, language = 'en' }: { order: OrderForMail; paymentLabel: string; language?: CatalogueLanguage }) {
  const words = SUMMARY[language];
  const rows: [string, string][] = [
    ...order.lines.map((line): [string, string] => [`${line.name} × ${line.quantity}`, formatPaise(line.unitPaise * line.quantity)]),
    ...order.discounts
      .filter((discount) => discount.itemsPaise > 0)
      .map((discount): [string, string] => [labelOf(discount), `−${formatPaise(discount.itemsPaise)}`]),
    ...(order.deliveryFeePaise > 0 ? [deliveryRow(order, words)] : []),
  ];
  return (
    <Section style={{ margin: '8px 0 20px' }}>
      {rows.map(([label, amount], index) => (
        <Row key={index} className={ORDER_LINE_CLASS}>
          <Column style={{ ...cell, width: '60%' }}>{label}</Column>
          <Column style={{ ...cell, textAlign: 'right' }}>{amount}</Column>
        </Row>
      ))}
      <Row className={ORDER_LINE_CLASS}>
        <Column style={{ ...cell, fontWeight: 700, borderBottom: 0 }}>{words.total}</Column>
        <Column style={{ ...cell, fontWeight: 700, borderBottom: 0, textAlign: 'right' }}>{formatPaise(order.totalPaise)}</Column>
      </Row>
      <Text style={{ ...muted, margin: '12px 0 4px' }}>
        {words.payment}
        {paymentLabel}
      </Text>
      <Text style={{ ...muted, margin: 0, whiteSpace: 'pre-line' }}>
        {words.address}
        {order.address}
      </Text>
    </Section>
  );
}

/** An offer as the customer typed it, or by its name when it applied by itself (as the checkout shows it). */
const labelOf = (discount: OrderForMail['discounts'][number]) => discount.code ?? discount.name;

/** What delivery cost after a free-delivery offer, naming the offer; "Free" when it waived all of it. */
function deliveryRow(order: OrderForMail, words: { delivery: string; free: string }): [string, string] {
  const freeDelivery = order.discounts.find((discount) => discount.deliveryPaise > 0);
  const chargedPaise = order.deliveryFeePaise - order.deliveryDiscountPaise;
  return [freeDelivery ? `${words.delivery} (${labelOf(freeDelivery)})` : words.delivery, chargedPaise > 0 ? formatPaise(chargedPaise) : words.free];
}
