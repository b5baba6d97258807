import { IsIn, IsOptional } from 'class-validator';
import { OUTBOX_STATUSES, type OutboxStatus } from '@thalir/contracts';
import { PagingQuery } from '../common/paging.query';

export class ListEmailsQuery extends PagingQuery {
  @IsOptional()
  @IsIn(OUTBOX_STATUSES, { message: `status must be one of ${OUTBOX_STATUSES.join(', ')}` })
  status?: OutboxStatus;
}
