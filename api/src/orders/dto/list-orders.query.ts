import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ORDER_STATUSES, type OrderStatus } from '@thalir/contracts';
import { PagingQuery } from '../../common/paging.query';
import { STATUS_MESSAGE } from './change-order-status.dto';

/** No query at all answers every order, as the contract says; page/limit/q let the admin screen scale. */
export class ListOrdersQuery extends PagingQuery {
  @IsOptional()
  @IsIn(ORDER_STATUSES, { message: STATUS_MESSAGE })
  status?: OrderStatus;

  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(100, { message: 'q can be at most 100 characters' })
  @IsString({ message: 'q must be text' })
  q?: string;
}
