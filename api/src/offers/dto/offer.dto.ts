import { trimText } from '../../common/trim';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
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
  ValidateIf,
} from 'class-validator';
import { OFFER_KINDS, type OfferKind, PRODUCT_TYPES, type ProductType } from '@thalir/contracts';

const codeForm = ({ value }: { value: unknown }) => (typeof value === 'string' ? (value.trim() === '' ? null : value.trim().toUpperCase()) : value);
const isSet = (_: unknown, value: unknown) => value !== null && value !== undefined;
const MONEY = { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false };
const MAX_RUPEES = 10_000_000;

/**
 * An offer as staff send it; every field optional here, because PUT changes only what it names.
 * What a whole offer needs (a name, a kind, its value) and the rules across fields are checked on
 * the merged offer (offer-rules.ts). Checks run bottom-up, so the most basic one's message shows.
 */
export class OfferDto {
  @IsOptional()
  @Transform(trimText)
  @MaxLength(120, { message: 'The offer name can be at most 120 characters' })
  @IsNotEmpty({ message: 'Give the offer a name customers will see' })
  @IsString({ message: 'Give the offer a name customers will see' })
  name?: string;

  @IsOptional()
  @Transform(codeForm)
  @ValidateIf(isSet)
  @Matches(/^[A-Z0-9][A-Z0-9_-]{2,39}$/, { message: 'A code has 3 to 40 letters, digits, - or _' })
  @IsString({ message: 'A code has 3 to 40 letters, digits, - or _' })
  code?: string | null;

  @IsOptional()
  @IsIn(OFFER_KINDS, { message: 'The kind is percent, amount or free-delivery' })
  kind?: OfferKind;

  @IsOptional()
  @ValidateIf(isSet)
  @Max(100, { message: 'A percentage is at most 100' })
  @Min(0.01, { message: 'A percentage must be more than 0' })
  @IsNumber(MONEY, { message: 'The percentage must be a number with at most 2 decimals' })
  percent?: number | null;

  @IsOptional()
  @ValidateIf(isSet)
  @Max(MAX_RUPEES, { message: 'The cap is too large' })
  @Min(0.01, { message: 'The cap must be more than ₹0' })
  @IsNumber(MONEY, { message: 'The cap must be an amount in rupees with at most 2 decimals' })
  maxDiscount?: number | null;

  @IsOptional()
  @ValidateIf(isSet)
  @Max(MAX_RUPEES, { message: 'The amount is too large' })
  @Min(0.01, { message: 'The amount off must be more than ₹0' })
  @IsNumber(MONEY, { message: 'The amount off must be in rupees with at most 2 decimals' })
  amount?: number | null;

  @IsOptional()
  @ValidateIf(isSet)
  @Max(MAX_RUPEES, { message: 'The minimum is too large' })
  @Min(0, { message: 'The minimum items amount cannot be negative' })
  @IsNumber(MONEY, { message: 'The minimum items amount must be in rupees with at most 2 decimals' })
  minItemsAmount?: number | null;

  @IsOptional()
  @IsUUID('all', { each: true, message: 'Products must be chosen from the catalogue' })
  @ArrayMaxSize(200, { message: 'An offer can name at most 200 products' })
  @IsArray({ message: 'productIds must be a list of product ids' })
  productIds?: string[];

  @IsOptional()
  @ValidateIf(isSet)
  @IsIn(PRODUCT_TYPES, { message: 'The product type is flower or green_leaf' })
  productType?: ProductType | null;

  @IsOptional()
  @IsBoolean({ message: 'firstOrderOnly must be true or false' })
  firstOrderOnly?: boolean;

  @IsOptional()
  @ValidateIf(isSet)
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'Dates are written YYYY-MM-DD' })
  @IsString({ message: 'Dates are written YYYY-MM-DD' })
  validFrom?: string | null;

  @IsOptional()
  @ValidateIf(isSet)
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'Dates are written YYYY-MM-DD' })
  @IsString({ message: 'Dates are written YYYY-MM-DD' })
  validUntil?: string | null;

  @IsOptional()
  @ValidateIf(isSet)
  @Max(10_000_000, { message: 'The total uses are too many' })
  @Min(1, { message: 'Total uses must be at least 1 (or none for no limit)' })
  @IsInt({ message: 'Total uses must be a whole number' })
  maxUses?: number | null;

  @IsOptional()
  @ValidateIf(isSet)
  @Max(1000, { message: 'Uses per customer are too many' })
  @Min(1, { message: 'Uses per customer must be at least 1 (or none for no limit)' })
  @IsInt({ message: 'Uses per customer must be a whole number' })
  maxUsesPerCustomer?: number | null;

  @IsOptional()
  @IsBoolean({ message: 'active must be true or false' })
  active?: boolean;

  @IsOptional()
  @IsBoolean({ message: 'combinable must be true or false' })
  combinable?: boolean;

  @IsOptional()
  @IsBoolean({ message: 'usesBatchCodes must be true or false' })
  usesBatchCodes?: boolean;
}

export const MAX_BATCH_CODES = 5000;

export class CodeBatchDto {
  @Max(MAX_BATCH_CODES, { message: `At most ${MAX_BATCH_CODES} codes at a time` })
  @Min(1, { message: 'Make at least 1 code' })
  @IsInt({ message: 'count must be a whole number' })
  count!: number;
}
