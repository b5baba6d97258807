import { IsIn } from 'class-validator';
import { ORDER_STATUSES, type OrderStatus } from '@thalir/contracts';

export const STATUS_MESSAGE = `Status must be one of ${ORDER_STATUSES.join(', ')}`;

export class ChangeOrderStatusDto {
  @IsIn(ORDER_STATUSES, { message: STATUS_MESSAGE })
  status!: OrderStatus;
}
