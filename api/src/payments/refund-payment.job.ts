import { Logger } from '@nestjs/common';
import type { QueuedJob } from '../jobs/job-queue';
import { REFUND_QUEUE, type RefundsService } from '../refunds/refunds.service';
import { type PaymentGateway, RefundRefusedError } from './payment-gateway';

const logger = new Logger('Refunds');

/**
 * Asks the payment provider for one refund attempt recorded in the ledger. Retried with backoff
 * while the provider cannot be reached; a refusal, or the last try failing, marks the attempt failed
 * for the staff to see (a retry from the back office is a new attempt with a job of its own).
 * Jobs queued before attempts existed carry `refundId`: their refund's first attempt has that id.
 */
export function refundPaymentJob(refunds: RefundsService, gateway: PaymentGateway): QueuedJob<{ attemptId?: string; refundId?: string }> {
  return {
    queue: REFUND_QUEUE,
    options: { retryLimit: 8, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
    pollingIntervalSeconds: 1,
    async handle(job) {
      const attempt = await refunds.attemptToRequest(job.data.attemptId ?? job.data.refundId ?? '');
      // Already answered (by an earlier try or a webhook): nothing to ask.
      if (!attempt || attempt.status !== 'pending' || attempt.gatewayRefundId) return;
      try {
        const made = await gateway.refund({ paymentId: attempt.paymentId, amountPaise: attempt.amountPaise, reference: attempt.id });
        await refunds.recordAnswer(attempt.id, { gatewayRefundId: made.id, status: made.status, amountPaise: made.amountPaise });
      } catch (error) {
        const lastTry = job.retryCount >= job.retryLimit;
        if (!(error instanceof RefundRefusedError) && !lastTry) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        logger.error(`Refund attempt ${attempt.id} of order ${attempt.orderId} failed: ${reason}`);
        await refunds.recordFailure(attempt.id, reason);
      }
    },
  };
}
