import { Logger } from '@nestjs/common';
import type { JobDefinition } from '../jobs/job-queue';
import { REFUND_QUEUE, type RefundsService } from '../refunds/refunds.service';
import { type PaymentGateway, RefundRefusedError } from './payment-gateway';

const logger = new Logger('Refunds');

/**
 * Asks the payment provider for a refund recorded in the ledger. Retried with backoff while the
 * provider cannot be reached; a refusal, or the last attempt failing, marks the refund failed for
 * the staff to see (and retry from the back office).
 */
export function refundPaymentJob(refunds: RefundsService, gateway: PaymentGateway): JobDefinition<{ refundId: string }> {
  return {
    queue: REFUND_QUEUE,
    options: { retryLimit: 8, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
    pollingIntervalSeconds: 1,
    async handle(job) {
      const refund = await refunds.find(job.data.refundId);
      // Already answered (by an earlier attempt or a webhook): nothing to ask.
      if (!refund || refund.manual || refund.status !== 'pending' || refund.gatewayRefundId) return;
      try {
        const made = await gateway.refund({ paymentId: refund.paymentId!, amountPaise: refund.amountPaise, reference: refund.id });
        await refunds.recordGatewayState(refund.id, { gatewayRefundId: made.id, status: made.status });
      } catch (error) {
        const lastAttempt = job.retryCount >= job.retryLimit;
        if (!(error instanceof RefundRefusedError) && !lastAttempt) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        logger.error(`Refund ${refund.id} of order ${refund.orderId} failed: ${reason}`);
        await refunds.recordFailure(refund.id, reason);
      }
    },
  };
}
