import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig, persistedSecret } from '../config/app-config';
import { JobQueue } from '../jobs/job-queue';
import { OrdersModule } from '../orders/orders.module';
import { RefundsModule } from '../refunds/refunds.module';
import { RefundsService } from '../refunds/refunds.service';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway';
import { AdminMoneyController } from './admin-money.controller';
import { MoneyChecker } from './money-check';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { keepRawBodies } from './raw-body';
import { refundPaymentJob } from './refund-payment.job';
import { RazorpayGateway } from './razorpay.gateway';
import { SANDBOX_KEY_ID, SandboxGateway } from './sandbox/sandbox.gateway';

/** Config has already refused the sandbox in production and the real provider without keys. */
export function createPaymentGateway(config: AppConfig, dataSource: DataSource): PaymentGateway {
  const { keyId, keySecret, webhookSecret } = config.razorpay;
  if (config.paymentsProvider === 'razorpay') {
    return new RazorpayGateway({ keyId: keyId!, keySecret: keySecret!, webhookSecret });
  }
  return new SandboxGateway(
    {
      keyId: keyId ?? SANDBOX_KEY_ID,
      keySecret: keySecret ?? persistedSecret(config.dataDir, 'sandboxPaymentSecret'),
      webhookSecret: webhookSecret ?? persistedSecret(config.dataDir, 'sandboxWebhookSecret'),
    },
    dataSource,
  );
}

@Module({
  imports: [OrdersModule, RefundsModule],
  controllers: [PaymentsController, AdminMoneyController],
  providers: [PaymentsService, MoneyChecker, { provide: PAYMENT_GATEWAY, inject: [APP_CONFIG, DataSource], useFactory: createPaymentGateway }],
})
export class PaymentsModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly jobs: JobQueue,
    private readonly refunds: RefundsService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  /** Before Fastify is ready, so the hook covers the webhook route. */
  onModuleInit(): void {
    keepRawBodies(this.adapterHost.httpAdapter.getInstance<FastifyInstance>());
    this.jobs.define(refundPaymentJob(this.refunds, this.gateway));
  }
}
