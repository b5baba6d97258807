import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { NewsletterSubscriber } from '@thalir/contracts';
import { NewsletterSubscriberEntity } from './newsletter-subscriber.entity';

@Injectable()
export class NewsletterService {
  constructor(@InjectRepository(NewsletterSubscriberEntity) private readonly subscribers: Repository<NewsletterSubscriberEntity>) {}

  /** Idempotent: a second subscription of the same (lower-cased) address changes nothing. */
  async subscribe(email: string): Promise<void> {
    await this.subscribers.createQueryBuilder().insert().values({ email }).orIgnore().execute();
  }

  async list(): Promise<NewsletterSubscriber[]> {
    const rows = await this.subscribers.find({ order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map((row) => ({ _id: row.id, email: row.email, createdAt: row.createdAt.toISOString() }));
  }
}
