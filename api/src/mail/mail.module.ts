import { Global, Inject, Logger, Module, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock } from '../jobs/clock';
import { JobQueue } from '../jobs/job-queue';
import { AdminEmailsController } from './admin-emails.controller';
import { deliverMailJob } from './deliver-mail.job';
import { lowStockDigestJob } from './low-stock-digest.job';
import { MailComposer } from './mail-composer';
import { FileMailTransport, type MailTransport, SmtpMailTransport } from './mail-transport';
import { Outbox } from './outbox';
import { OutboxMetrics } from './outbox-metrics';

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

/** SMTP_URL's server, or .eml files in DATA_DIR/mail when none is configured. */
export function createMailTransport(config: AppConfig): MailTransport {
  return config.smtpUrl ? new SmtpMailTransport(config.smtpUrl) : new FileMailTransport(join(config.dataDir, 'mail'));
}

/** The shop's mail: the outbox every module writes to, its delivery, and the staff's digest. */
@Global()
@Module({
  controllers: [AdminEmailsController],
  providers: [Outbox, OutboxMetrics, MailComposer, { provide: MAIL_TRANSPORT, inject: [APP_CONFIG], useFactory: createMailTransport }],
  exports: [Outbox, MAIL_TRANSPORT],
})
export class MailModule implements OnModuleInit, OnModuleDestroy {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    private readonly dataSource: DataSource,
    private readonly composer: MailComposer,
    private readonly outbox: Outbox,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    const { config, transport, dataSource, composer, outbox, clock } = this;
    this.jobs.define(deliverMailJob({ dataSource, composer, transport, config, clock }));
    this.jobs.define(lowStockDigestJob({ dataSource, outbox, threshold: config.lowStockThreshold }));
    const staff = config.mail.staffRecipient ?? 'nobody (set SHOP_NOTIFY_EMAIL)';
    new Logger('Mail').log(`Mail goes to ${transport.description}; staff notices to ${staff}`);
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
