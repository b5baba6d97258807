import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const DEFAULT_SALES_DAYS = 30;
export const MAX_SALES_DAYS = 366;
const DAYS_MESSAGE = `days must be a whole number from 1 to ${MAX_SALES_DAYS}`;

export class SalesStatsQuery {
  @IsOptional()
  @Type(() => Number)
  @Max(MAX_SALES_DAYS, { message: DAYS_MESSAGE })
  @Min(1, { message: DAYS_MESSAGE })
  @IsInt({ message: DAYS_MESSAGE })
  days?: number;
}
