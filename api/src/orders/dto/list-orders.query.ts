import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ORDER_STATUSES, type OrderStatus } from '@thalir/contracts';
import { PagingQuery } from '../../common/paging.query';
import { STATUS_MESSAGE } from './change-order-status.dto';

export const ORDER_SORTS = ['-createdAt', 'delivery'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

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

  /** Only the orders delivered that day. */
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'deliveryDate must be a date like 2026-11-26' })
  @IsString({ message: 'deliveryDate must be a date like 2026-11-26' })
  deliveryDate?: string;

  /** Newest first (the default), or by delivery date and slot, soonest first. */
  @IsOptional()
  @IsIn(ORDER_SORTS, { message: `sort must be one of ${ORDER_SORTS.join(', ')}` })
  sort?: OrderSort;
}
