import { trimText } from '../../common/trim';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { FREQUENCY_KINDS, type FrequencyKind } from '@thalir/contracts';

export const MAX_PLAN_ITEMS = 20;
export const MAX_PACK_DELIVERIES = 366;

export class PlanItemDto {
  @IsUUID('all', { message: 'Products must be chosen from the catalogue' })
  productId!: string;

  @Max(1000, { message: 'A plan delivers at most 1000 of one product' })
  @Min(1, { message: 'Each product in a plan needs a quantity of at least 1' })
  @IsInt({ message: 'Quantities are whole numbers' })
  quantity!: number;
}

/**
 * A plan as staff send it; every field optional here, because PUT changes only what it names. What a
 * whole plan needs is checked on the merged plan (subscription-plan-rules.ts). Checks run bottom-up,
 * so the most basic one's message shows.
 */
export class SubscriptionPlanDto {
  @IsOptional()
  @Transform(trimText)
  @MaxLength(120, { message: 'The plan name can be at most 120 characters' })
  @IsNotEmpty({ message: 'Give the plan a name customers will see' })
  @IsString({ message: 'Give the plan a name customers will see' })
  name?: string;

  @IsOptional()
  @Transform(trimText)
  @MaxLength(60, { message: 'The plan address can be at most 60 characters' })
  @Matches(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'The plan address is lowercase letters, digits and single hyphens, e.g. daily-pooja-basket' })
  @IsString({ message: 'The plan address is lowercase letters, digits and single hyphens, e.g. daily-pooja-basket' })
  slug?: string;

  @IsOptional()
  @Transform(trimText)
  @MaxLength(2000, { message: 'The description can be at most 2000 characters' })
  @IsString({ message: 'The description must be text' })
  description?: string;

  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => PlanItemDto)
  @ArrayMaxSize(MAX_PLAN_ITEMS, { message: `A plan holds at most ${MAX_PLAN_ITEMS} products` })
  @ArrayMinSize(1, { message: 'A plan delivers at least one product' })
  @IsArray({ message: 'items must be a list of products and quantities' })
  items?: PlanItemDto[];

  @IsOptional()
  @ArrayUnique({ message: 'Name each frequency once' })
  @IsIn(FREQUENCY_KINDS, { each: true, message: `Frequencies are ${FREQUENCY_KINDS.join(', ')}` })
  @ArrayMinSize(1, { message: 'Allow at least one frequency' })
  @IsArray({ message: 'frequencies must be a list' })
  frequencies?: FrequencyKind[];

  @IsOptional()
  @ArrayUnique({ message: 'Name each slot once' })
  @IsString({ each: true, message: 'Slots are named by their labels' })
  @ArrayMaxSize(20, { message: 'Too many slots' })
  @IsArray({ message: 'slots must be a list of slot labels' })
  slots?: string[];

  @IsOptional()
  @Max(100_000, { message: 'The price of one delivery is too large' })
  @Min(0.01, { message: 'The price of one delivery must be more than ₹0' })
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: 'The price must be in rupees with at most 2 decimals' })
  pricePerDelivery?: number;

  @IsOptional()
  @ArrayUnique({ message: 'Name each pack once' })
  @Max(MAX_PACK_DELIVERIES, { each: true, message: `A pack holds at most ${MAX_PACK_DELIVERIES} deliveries` })
  @Min(1, { each: true, message: 'A pack holds at least 1 delivery' })
  @IsInt({ each: true, message: 'Packs are whole numbers of deliveries' })
  @ArrayMaxSize(6, { message: 'Sell at most 6 packs' })
  @ArrayMinSize(1, { message: 'Sell at least one pack' })
  @IsArray({ message: 'packs must be a list of numbers of deliveries' })
  packs?: number[];

  @IsOptional()
  @IsBoolean({ message: 'active must be true or false' })
  active?: boolean;
}
