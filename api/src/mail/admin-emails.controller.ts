import { Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { OutboxMail } from '@thalir/contracts';
import { Permit } from '../common/access.decorator';
import { ListEmailsQuery } from './list-emails.query';
import { Outbox } from './outbox';

/** The back office's view of the outbox: what was sent, what waits, what failed and why. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/emails')
export class AdminEmailsController {
  constructor(private readonly outbox: Outbox) {}

  /** A page of mails, newest first; the number of matches goes in X-Total-Count. */
  @Permit('shop')
  @Get()
  async list(@Query() query: ListEmailsQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<OutboxMail[]> {
    const { mails, total } = await this.outbox.list({ page: query.page ?? 1, limit: query.limit ?? 25, status: query.status });
    void reply.header('x-total-count', String(total));
    return mails;
  }

  @Permit('shop')
  @Post(':id/retry')
  @HttpCode(HttpStatus.OK)
  retry(@Param('id') id: string): Promise<OutboxMail> {
    return this.outbox.retry(id);
  }
}
