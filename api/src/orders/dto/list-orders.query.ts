import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ORDER_STATUSES, type OrderStatus } from '@thalir/contracts';
import { STATUS_MESSAGE } from './change-order-status.dto';

export const MAX_ORDERS_PAGE_SIZE = 100;
/** Far beyond any real list, and keeps OFFSET a plain integer. */
const MAX_ORDERS_PAGE = 100_000;

/** No query at all answers every order, as the contract says; page/limit/q let the admin screen scale. */
export class ListOrdersQuery {
  @IsOptional()
  @IsIn(ORDER_STATUSES, { message: STATUS_MESSAGE })
  status?: OrderStatus;

  @IsOptional()
  @Type(() => Number)
  @Max(MAX_ORDERS_PAGE, { message: `page must be a whole number from 1 to ${MAX_ORDERS_PAGE}` })
  @Min(1, { message: `page must be a whole number from 1 to ${MAX_ORDERS_PAGE}` })
  @IsInt({ message: `page must be a whole number from 1 to ${MAX_ORDERS_PAGE}` })
  page?: number;

  @IsOptional()
  @Type(() => Number)
  @Max(MAX_ORDERS_PAGE_SIZE, { message: `limit must be a whole number between 1 and ${MAX_ORDERS_PAGE_SIZE}` })
  @Min(1, { message: `limit must be a whole number between 1 and ${MAX_ORDERS_PAGE_SIZE}` })
  @IsInt({ message: `limit must be a whole number between 1 and ${MAX_ORDERS_PAGE_SIZE}` })
  limit?: number;

  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(100, { message: 'q can be at most 100 characters' })
  @IsString({ message: 'q must be text' })
  q?: string;
}
