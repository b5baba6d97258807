import type { ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';

export interface FaqTopic {
  id: string;
  title: MessageDescriptor;
  questions: { question: MessageDescriptor; answer: ReactNode }[];
}

/** Answers drawn from what Thalir Blooms is and does (brand facts) and how the shop works. */
export const FAQ_TOPICS: FaqTopic[] = [
  {
    id: 'delivery',
    title: msg`Delivery`,
    questions: [
      {
        question: msg`How soon will my flowers arrive?`,
        answer: (
          <p>
            <Trans>
              We cut to order in our Hosur greenhouses and pack the same day, so most orders arrive the next day; each product page tells you when to expect it.
              Near Hosur we can often deliver on the day you order.
            </Trans>
          </p>
        ),
      },
      {
        question: msg`How are the flowers packed for the journey?`,
        answer: (
          <p>
            <Trans>
              Stems travel in water-holding sleeves inside recyclable cartons, and stay in our cold chain from harvest to dispatch, so they reach you cool and
              firm rather than tired.
            </Trans>
          </p>
        ),
      },
      {
        question: msg`Do you charge for delivery?`,
        answer: (
          <p>
            <Trans>No separate fee is added: the prices you see include all taxes, and the total at checkout is what you pay.</Trans>
          </p>
        ),
      },
      {
        question: msg`Where can I follow my order?`,
        answer: (
          <p>
            <Trans>
              Sign in and open <Link to="/my-orders">My Orders</Link>. Each order shows its status (pending, processing, shipped, delivered or cancelled) and
              whether it is paid.
            </Trans>
          </p>
        ),
      },
    ],
  },
  {
    id: 'freshness',
    title: msg`Freshness`,
    questions: [
      {
        question: msg`How fresh are your flowers?`,
        answer: (
          <p>
            <Trans>
              We have grown flowers in Hosur, in Tamil Nadu&apos;s rose-growing belt, since 1998. Roses, carnations, gerberas, chrysanthemums and cut greens
              such as eucalyptus, ruscus, asparagus fern and leatherleaf are harvested at the right stage and cooled within hours of cutting.
            </Trans>
          </p>
        ),
      },
      {
        question: msg`How do I make them last?`,
        answer: (
          <ul>
            <li>
              <Trans>Trim 2–3 cm off each stem at an angle with a clean, sharp knife or secateurs.</Trans>
            </li>
            <li>
              <Trans>Remove leaves that would sit below the water line.</Trans>
            </li>
            <li>
              <Trans>Use a clean vase and change the water every two days, trimming the stems again.</Trans>
            </li>
            <li>
              <Trans>Keep the vase away from direct sun, heaters and ripening fruit.</Trans>
            </li>
          </ul>
        ),
      },
      {
        question: msg`Are your flowers grown sustainably?`,
        answer: (
          <p>
            <Trans>
              Our greenhouses use drip irrigation and rain-water harvesting, and we pack in recyclable materials. Read more on our{' '}
              <Link to="/about">About page</Link>.
            </Trans>
          </p>
        ),
      },
    ],
  },
  {
    id: 'payments',
    title: msg`Payments`,
    questions: [
      {
        question: msg`How can I pay?`,
        answer: (
          <p>
            <Trans>
              Choose Cash on Delivery, or pay online by card through Razorpay&apos;s secure checkout. Prices are in Indian rupees (INR) and include all taxes.
            </Trans>
          </p>
        ),
      },
      {
        question: msg`When is my order marked as paid?`,
        answer: (
          <p>
            <Trans>An online payment counts once the payment provider confirms it to us. A cash on delivery order is marked paid when it is delivered.</Trans>
          </p>
        ),
      },
      {
        question: msg`Can I get an invoice?`,
        answer: (
          <p>
            <Trans>
              Yes. Open the order from <Link to="/my-orders">My Orders</Link> and choose Download Invoice to save a PDF issued by Thalir Blooms Exports Pvt.
              Ltd.
            </Trans>
          </p>
        ),
      },
    ],
  },
  {
    id: 'returns',
    title: msg`Returns and problems`,
    questions: [
      {
        question: msg`Can I return flowers?`,
        answer: (
          <p>
            <Trans>
              Fresh flowers cannot be sent back, but they are covered by our freshness guarantee: if your flowers arrive damaged or wilted, write to us the day
              they arrive with your order ID and a photo, and we will replace them or refund you.
            </Trans>
          </p>
        ),
      },
      {
        question: msg`Can I cancel an order?`,
        answer: (
          <p>
            <Trans>
              Contact us as soon as you can with your order ID. An order that has not shipped yet can be cancelled; once it is on its way the flowers are
              already cut and packed for you.
            </Trans>
          </p>
        ),
      },
      {
        question: msg`How do I reach you?`,
        answer: (
          <p>
            <Trans>
              Call <a href="tel:+914344200140">+91 4344 200 140</a> or email <a href="mailto:hello@thalirblooms.example">hello@thalirblooms.example</a>, Mon–Sat
              9:00 AM – 6:30 PM, or use our <Link to="/contact">contact form</Link>.
            </Trans>
          </p>
        ),
      },
    ],
  },
  {
    id: 'export',
    title: msg`Export enquiries`,
    questions: [
      {
        question: msg`Where do you export to?`,
        answer: (
          <p>
            <Trans>
              Thalir Blooms exports to 45+ countries, among them Australia, Singapore and Malaysia, and supplies over 40 retailers in 12+ countries.
            </Trans>
          </p>
        ),
      },
      {
        question: msg`What can you supply for export?`,
        answer: (
          <p>
            <Trans>
              More than 120 varieties: roses first and foremost, then carnations, gerberas, chrysanthemums and cut greens. Our cold chain runs from harvest to
              the airport within hours.
            </Trans>
          </p>
        ),
      },
      {
        question: msg`How do I start a trade or export enquiry?`,
        answer: (
          <p>
            <Trans>
              Tell us the varieties, volumes, destination and delivery schedule you have in mind through the <Link to="/contact">contact form</Link> or at{' '}
              <a href="mailto:hello@thalirblooms.example">hello@thalirblooms.example</a>. Our packhouse is at 14 Rayakottai Road, Hosur, Tamil Nadu 635109,
              India.
            </Trans>
          </p>
        ),
      },
    ],
  },
];
