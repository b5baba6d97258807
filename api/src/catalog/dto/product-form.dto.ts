import { PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { GST_RATES, PRODUCT_TYPES, type ProductType } from '@thalir/contracts';
import { hasAtMostTwoDecimals } from '../../common/money';

/** Keeps prices inside the integer paise column with room to spare. */
export const MAX_PRICE = 1_000_000;
export const MAX_STOCK = 1_000_000;

/**
 * Form fields arrive as text. A blank field counts as not given (null), so the create form's
 * required checks speak and an edit keeps the current value; a number written any other way than
 * plain decimal digits ("1e3", "12abc") stays text and fails the number check.
 */
const blankAsMissing = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' ? null : text;
};
const decimalNumber = ({ value }: { value: unknown }) => {
  const text = blankAsMissing({ value });
  return typeof text === 'string' && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
};

const AtMostTwoDecimals = () =>
  ValidateBy({
    name: 'atMostTwoDecimals',
    validator: {
      validate: (value) => typeof value === 'number' && hasAtMostTwoDecimals(value),
      defaultMessage: () => 'Price can have at most 2 decimal places',
    },
  });

/**
 * The admin product form (multipart fields of POST /api/products). Validated with stopAtFirstError,
 * and class-validator runs a property's checks from the bottom decorator up: the most basic check
 * sits lowest so its message is the one shown.
 */
export class CreateProductDto {
  @Transform(blankAsMissing)
  @IsDefined({ message: 'Name is required' })
  @MaxLength(120, { message: 'Name must be at most 120 characters' })
  @IsString({ message: 'Name must be text' })
  name!: string;

  @Transform(decimalNumber)
  @IsDefined({ message: 'Price is required' })
  @Max(MAX_PRICE, { message: `Price must be at most ${MAX_PRICE}` })
  @AtMostTwoDecimals()
  @Min(0, { message: 'Price cannot be negative' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Price must be a number' })
  price!: number;

  @IsOptional()
  @Transform(decimalNumber)
  @Max(MAX_STOCK, { message: `Stock must be at most ${MAX_STOCK}` })
  @Min(0, { message: 'Stock cannot be negative' })
  @IsInt({ message: 'Stock must be a whole number' })
  stock?: number;

  @Transform(blankAsMissing)
  @IsDefined({ message: 'Type is required' })
  @IsIn(PRODUCT_TYPES, { message: `Type must be one of: ${PRODUCT_TYPES.join(', ')}` })
  type!: ProductType;

  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(5000, { message: 'Description must be at most 5000 characters' })
  @IsString({ message: 'Description must be text' })
  description?: string;

  /** Left blank, it follows the type (0603 cut flowers, 0604 foliage). */
  @IsOptional()
  @Transform(blankAsMissing)
  @Matches(/^\d{4}(\d{2}){0,2}$/, { message: 'HSN code must be 4, 6 or 8 digits' })
  @IsString({ message: 'HSN code must be 4, 6 or 8 digits' })
  hsnCode?: string;

  @IsOptional()
  @Transform(decimalNumber)
  @IsIn(GST_RATES, { message: `GST rate must be one of ${GST_RATES.join(', ')} (percent)` })
  gstRate?: number;
}

/** The edit form (PUT /api/admin/products/:id): every field optional; what is given is checked as on create. */
export class UpdateProductDto extends PartialType(CreateProductDto) {}
