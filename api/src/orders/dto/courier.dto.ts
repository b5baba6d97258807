import { IsIn, IsNumber, IsOptional, IsUUID, Matches, Max, Min, ValidateIf } from 'class-validator';
import { FAILED_DELIVERY_REASONS, type FailedDeliveryReason } from '@thalir/contracts';

export class CourierAssignmentDto {
  @ValidateIf((_, value) => value !== null)
  @IsUUID('all', { message: 'courierId must be the id of a staff member, or null' })
  courierId!: string | null;
}

export class DeliveredDto {
  @IsOptional()
  @Max(10_000_000, { message: 'The cash collected is too large' })
  @Min(0, { message: 'The cash collected cannot be negative' })
  @IsNumber(
    { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false },
    { message: 'The cash collected must be a number of rupees with at most 2 decimals' },
  )
  cashCollected?: number;
}

export class FailedDeliveryDto {
  @IsIn(FAILED_DELIVERY_REASONS, { message: `The reason must be one of ${FAILED_DELIVERY_REASONS.join(', ')}` })
  reason!: FailedDeliveryReason;
}

export class CourierDayQuery {
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'The date must look like 2026-11-26' })
  date?: string;
}
