import { Module } from '@nestjs/common';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { EnquiriesController } from './enquiries.controller';
import { EnquiriesService } from './enquiries.service';

@Module({ imports: [RateLimitModule], controllers: [EnquiriesController], providers: [EnquiriesService] })
export class EnquiriesModule {}
