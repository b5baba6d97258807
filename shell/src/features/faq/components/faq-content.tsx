import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface FaqTopic {
  id: string;
  title: string;
  questions: { question: string; answer: ReactNode }[];
}

/** Answers drawn from what Thalir Blooms is and does (brand facts) and how the shop works. */
export const FAQ_TOPICS: FaqTopic[] = [
  {
    id: 'delivery',
    title: 'Delivery',
    questions: [
      {
        question: 'How soon will my flowers arrive?',
        answer: (
          <p>
            We cut to order in our Hosur greenhouses and pack the same day, so most orders arrive the next day; each product page tells you when to expect it.
            Near Hosur we can often deliver on the day you order.
          </p>
        ),
      },
      {
        question: 'How are the flowers packed for the journey?',
        answer: (
          <p>
            Stems travel in water-holding sleeves inside recyclable cartons, and stay in our cold chain from harvest to dispatch, so they reach you cool and
            firm rather than tired.
          </p>
        ),
      },
      {
        question: 'Do you charge for delivery?',
        answer: <p>No separate fee is added: the prices you see include all taxes, and the total at checkout is what you pay.</p>,
      },
      {
        question: 'Where can I follow my order?',
        answer: (
          <p>
            Sign in and open <Link to="/my-orders">My Orders</Link>. Each order shows its status (pending, processing, shipped, delivered or cancelled) and
            whether it is paid.
          </p>
        ),
      },
    ],
  },
  {
    id: 'freshness',
    title: 'Freshness',
    questions: [
      {
        question: 'How fresh are your flowers?',
        answer: (
          <p>
            We have grown flowers in Hosur, in Tamil Nadu&apos;s rose-growing belt, since 1998. Roses, carnations, gerberas, chrysanthemums and cut greens such
            as eucalyptus, ruscus, asparagus fern and leatherleaf are harvested at the right stage and cooled within hours of cutting.
          </p>
        ),
      },
      {
        question: 'How do I make them last?',
        answer: (
          <ul>
            <li>Trim 2–3 cm off each stem at an angle with a clean, sharp knife or secateurs.</li>
            <li>Remove leaves that would sit below the water line.</li>
            <li>Use a clean vase and change the water every two days, trimming the stems again.</li>
            <li>Keep the vase away from direct sun, heaters and ripening fruit.</li>
          </ul>
        ),
      },
      {
        question: 'Are your flowers grown sustainably?',
        answer: (
          <p>
            Our greenhouses use drip irrigation and rain-water harvesting, and we pack in recyclable materials. Read more on our{' '}
            <Link to="/about">About page</Link>.
          </p>
        ),
      },
    ],
  },
  {
    id: 'payments',
    title: 'Payments',
    questions: [
      {
        question: 'How can I pay?',
        answer: (
          <p>
            Choose Cash on Delivery, or pay online by card through Razorpay&apos;s secure checkout. Prices are in Indian rupees (INR) and include all taxes.
          </p>
        ),
      },
      {
        question: 'When is my order marked as paid?',
        answer: <p>An online payment counts once the payment provider confirms it to us. A cash on delivery order is marked paid when it is delivered.</p>,
      },
      {
        question: 'Can I get an invoice?',
        answer: (
          <p>
            Yes. Open the order from <Link to="/my-orders">My Orders</Link> and choose Download Invoice to save a PDF issued by Thalir Blooms Exports Pvt. Ltd.
          </p>
        ),
      },
    ],
  },
  {
    id: 'returns',
    title: 'Returns and problems',
    questions: [
      {
        question: 'Can I return flowers?',
        answer: (
          <p>
            Fresh flowers cannot be sent back, but they are covered by our freshness guarantee: if your flowers arrive damaged or wilted, write to us the day
            they arrive with your order ID and a photo, and we will replace them or refund you.
          </p>
        ),
      },
      {
        question: 'Can I cancel an order?',
        answer: (
          <p>
            Contact us as soon as you can with your order ID. An order that has not shipped yet can be cancelled; once it is on its way the flowers are already
            cut and packed for you.
          </p>
        ),
      },
      {
        question: 'How do I reach you?',
        answer: (
          <p>
            Call <a href="tel:+914344200140">+91 4344 200 140</a> or email <a href="mailto:hello@thalirblooms.example">hello@thalirblooms.example</a>, Mon–Sat
            9:00 AM – 6:30 PM, or use our <Link to="/contact">contact form</Link>.
          </p>
        ),
      },
    ],
  },
  {
    id: 'export',
    title: 'Export enquiries',
    questions: [
      {
        question: 'Where do you export to?',
        answer: <p>Thalir Blooms exports to 45+ countries, among them Australia, Singapore and Malaysia, and supplies over 40 retailers in 12+ countries.</p>,
      },
      {
        question: 'What can you supply for export?',
        answer: (
          <p>
            More than 120 varieties: roses first and foremost, then carnations, gerberas, chrysanthemums and cut greens. Our cold chain runs from harvest to the
            airport within hours.
          </p>
        ),
      },
      {
        question: 'How do I start a trade or export enquiry?',
        answer: (
          <p>
            Tell us the varieties, volumes, destination and delivery schedule you have in mind through the <Link to="/contact">contact form</Link> or at{' '}
            <a href="mailto:hello@thalirblooms.example">hello@thalirblooms.example</a>. Our packhouse is at 14 Rayakottai Road, Hosur, Tamil Nadu 635109, India.
          </p>
        ),
      },
    ],
  },
];
