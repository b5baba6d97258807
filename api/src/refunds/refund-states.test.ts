import { applyReport, type Attempt, mismatchReason, type ProviderReport, refundStateOf, retryRefusal } from './refund-states';

const attempt = (status: Attempt['status'], more: Partial<Attempt> = {}): Attempt => ({
  status,
  amountPaise: 4000,
  reportedPaise: status === 'processed' ? 4000 : null,
  failureReason: status === 'failed' ? 'refused' : null,
  ...more,
});
const report = (status: ProviderReport['status'], amountPaise: number | null = 4000, failureReason?: string): ProviderReport => ({
  status,
  amountPaise,
  failureReason,
});

describe('refund attempts: what a provider report does', () => {
  it.each<[string, Attempt, ProviderReport, ReturnType<typeof applyReport>]>([
    ['processed in full', attempt('pending'), report('processed'), { status: 'processed', reportedPaise: 4000, failureReason: null }],
    [
      'processed without an amount counts as the amount asked',
      attempt('pending'),
      report('processed', null),
      { status: 'processed', reportedPaise: 4000, failureReason: null },
    ],
    [
      'processed for less is a mismatch, never processed in full',
      attempt('pending'),
      report('processed', 100),
      { status: 'mismatch', reportedPaise: 100, failureReason: mismatchReason(100, 4000) },
    ],
    [
      'processed for more is a mismatch',
      attempt('pending'),
      report('processed', 5000),
      { status: 'mismatch', reportedPaise: 5000, failureReason: mismatchReason(5000, 4000) },
    ],
    ['the same processed report again changes nothing', attempt('processed'), report('processed'), null],
    [
      'a processed attempt reported with another amount becomes a mismatch',
      attempt('processed'),
      report('processed', 100),
      { status: 'mismatch', reportedPaise: 100, failureReason: mismatchReason(100, 4000) },
    ],
    ['a failure after processing is older news', attempt('processed'), report('failed'), null],
    ['pending after processing is older news', attempt('processed'), report('pending'), null],
    ['a failure after a mismatch is ignored', attempt('mismatch', { reportedPaise: 100 }), report('failed'), null],
    [
      'processing after a failure: the money moved after all',
      attempt('failed'),
      report('processed'),
      { status: 'processed', reportedPaise: 4000, failureReason: null },
    ],
    [
      'a failure of a pending attempt, with the reason',
      attempt('pending'),
      report('failed', null, 'card closed'),
      { status: 'failed', reportedPaise: null, failureReason: 'card closed' },
    ],
    [
      'a failure without a reason gets one',
      attempt('pending'),
      report('failed', null),
      { status: 'failed', reportedPaise: null, failureReason: 'The payment provider could not refund this payment' },
    ],
    ['pending after a failure is older news', attempt('failed'), report('pending'), null],
    ['pending while pending changes nothing', attempt('pending'), report('pending'), null],
  ])('%s', (_case, before, incoming, expected) => {
    expect(applyReport(before, incoming)).toEqual(expected);
  });
});

describe("refunds: a refund's state from its attempts", () => {
  it.each<[string, Attempt[], ReturnType<typeof refundStateOf>]>([
    ['no attempt yet (waiting for its job)', [], { status: 'pending', refundedPaise: 0, failureReason: null }],
    ['one pending attempt', [attempt('pending')], { status: 'pending', refundedPaise: 0, failureReason: null }],
    ['one attempt processed in full', [attempt('processed')], { status: 'processed', refundedPaise: 4000, failureReason: null }],
    ['one failed attempt', [attempt('failed')], { status: 'failed', refundedPaise: 0, failureReason: 'refused' }],
    ['a failure, then a retry still pending', [attempt('failed'), attempt('pending')], { status: 'pending', refundedPaise: 0, failureReason: null }],
    ['a failure, then a retry processed', [attempt('failed'), attempt('processed')], { status: 'processed', refundedPaise: 4000, failureReason: null }],
    [
      'a short report is a mismatch with what went back',
      [attempt('mismatch', { reportedPaise: 100, failureReason: mismatchReason(100, 4000) })],
      { status: 'mismatch', refundedPaise: 100, failureReason: mismatchReason(100, 4000) },
    ],
    [
      'a short report, then a retry for the rest: processed',
      [attempt('mismatch', { reportedPaise: 100 }), attempt('processed', { amountPaise: 3900, reportedPaise: 3900 })],
      { status: 'processed', refundedPaise: 4000, failureReason: null },
    ],
    [
      'more than owed went back: a mismatch whatever the latest says',
      [
        attempt('mismatch', { reportedPaise: 100 }),
        attempt('processed', { amountPaise: 3900, reportedPaise: 3900 }),
        attempt('mismatch', { reportedPaise: 50 }),
      ],
      { status: 'mismatch', refundedPaise: 4050, failureReason: mismatchReason(4050, 4000) },
    ],
  ])('%s', (_case, attempts, expected) => {
    expect(refundStateOf(4000, attempts)).toEqual(expected);
  });
});

describe('refunds: when staff may ask again', () => {
  const refund = (status: Attempt['status'], refundedPaise = 0, manual = false) => ({ manual, status, amountPaise: 4000, refundedPaise });
  it.each([
    ['a failed refund', refund('failed'), null],
    ['a short refund, for the rest', refund('mismatch', 100), null],
    ['a cash refund', refund('pending', 0, true), 'This is a cash refund: mark it settled once the money is handed back'],
    ['a pending refund', refund('pending'), 'This refund is pending: the payment provider has not answered yet'],
    ['a processed refund', refund('processed', 4000), 'This refund is processed, not failed'],
    ['an over-refund', refund('mismatch', 5000), 'The payment provider already refunded this amount or more; nothing is left to ask for'],
  ] as const)('%s', (_case, facts, expected) => {
    expect(retryRefusal(facts)).toBe(expected);
  });
});
