import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { JobQueue } from '../jobs/job-queue';
import { NewsletterController } from './newsletter.controller';
import { NewsletterSubscriberEntity } from './newsletter-subscriber.entity';
import { NewsletterService } from './newsletter.service';

@Module({
  imports: [TypeOrmModule.forFeature([NewsletterSubscriberEntity]), RateLimitModule],
  controllers: [NewsletterController],
  providers: [NewsletterService],
})
export class NewsletterModule implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly newsletter: NewsletterService,
  ) {}

  onModuleInit(): void {
    const newsletter = this.newsletter;
    this.jobs.define({
      queue: 'forget-unconfirmed-subscriptions',
      cron: '23 3 * * *',
      async handle() {
        await newsletter.forgetUnconfirmed();
      },
    });
  }
}
