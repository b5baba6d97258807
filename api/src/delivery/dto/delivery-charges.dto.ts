import { trimText } from '../../common/trim';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

const MONEY = { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false };
const MAX_FEE_RUPEES = 100_000;

/** One zone as staff send it (rupees). Checks run bottom-up, so the most basic one's message shows. */
export class DeliveryZoneDto {
  @Transform(trimText)
  @MaxLength(60, { message: 'A zone name can be at most 60 characters' })
  @IsNotEmpty({ message: 'Give every zone a name' })
  @IsString({ message: 'Give every zone a name' })
  name!: string;

  @Matches(/^\d{1,6}$/, { each: true, message: 'A PIN code prefix is 1 to 6 digits' })
  @IsString({ each: true, message: 'A PIN code prefix is 1 to 6 digits' })
  @ArrayMaxSize(100, { message: 'A zone can have at most 100 PIN code prefixes' })
  @IsArray({ message: 'pincodePrefixes must be a list' })
  pincodePrefixes!: string[];

  @Max(MAX_FEE_RUPEES, { message: 'A delivery fee is at most ₹1,00,000' })
  @Min(0, { message: 'A delivery fee cannot be negative' })
  @IsNumber(MONEY, { message: 'A delivery fee is an amount in rupees with at most 2 decimals' })
  fee!: number;

  @ValidateIf((_, value) => value !== null)
  @Max(10_000_000, { message: 'The free-delivery amount is too large' })
  @Min(0, { message: 'The free-delivery amount cannot be negative' })
  @IsNumber(MONEY, { message: 'Free above is an amount in rupees with at most 2 decimals, or null' })
  freeAbove!: number | null;
}

export class DeliveryChargesDto {
  @ValidateNested()
  @Type(() => DeliveryZoneDto)
  @IsObject({ message: 'defaultZone must be an object' })
  @IsDefined({ message: 'The default zone is required' })
  defaultZone!: DeliveryZoneDto;

  @ValidateNested({ each: true })
  @Type(() => DeliveryZoneDto)
  @IsObject({ each: true, message: 'Each zone must be an object' })
  @ArrayMaxSize(100, { message: 'At most 100 zones' })
  @IsArray({ message: 'zones must be a list' })
  zones!: DeliveryZoneDto[];

  @IsObject({ message: 'slotSurcharges must be an object of slot → rupees' })
  slotSurcharges!: Record<string, unknown>;
}
