import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';
import { JobQueue } from './job-queue';

@Global()
@Module({ providers: [JobQueue, Clock], exports: [JobQueue, Clock] })
export class JobsModule {}
