import { unknownLanguageMessage } from '../../common/catalogue-language';
import { trimText } from '../../common/trim';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { CATALOGUE_LANGUAGES, type CatalogueLanguage, PRODUCT_SORTS, PRODUCT_TYPES, type ProductSort, type ProductType } from '@thalir/contracts';

export const MAX_PAGE_SIZE = 100;
/** Page size when a page is asked for without a limit: a grid of 2, 3 or 4 columns ends on a full row. */
export const DEFAULT_PAGE_SIZE = 24;

/** Whole numbers written plainly ("12"); anything else stays a string and fails IsInt with our message. */
const toWholeNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value);

/**
 * GET /api/products query. Repeated parameters arrive as arrays and fail the type checks (400).
 * Checks run from the bottom decorator up (see CreateProductDto).
 */
export class ProductListQueryDto {
  @IsOptional()
  @Transform(trimText)
  @MaxLength(100, { message: 'Search text must be at most 100 characters' })
  @IsString({ message: 'q must be a single search text' })
  q?: string;

  @IsOptional()
  @IsIn(PRODUCT_TYPES, { message: `type must be one of: ${PRODUCT_TYPES.join(', ')}` })
  type?: ProductType;

  @IsOptional()
  @IsIn(CATALOGUE_LANGUAGES, { message: unknownLanguageMessage('lang') })
  lang?: CatalogueLanguage;

  @IsOptional()
  @IsIn(PRODUCT_SORTS, { message: `sort must be one of: ${PRODUCT_SORTS.join(', ')}` })
  sort?: ProductSort;

  @IsOptional()
  @Transform(toWholeNumber)
  @Max(1_000_000, { message: 'page must be at most 1000000' })
  @Min(1, { message: 'page must be a whole number, 1 or more' })
  @IsInt({ message: 'page must be a whole number, 1 or more' })
  page?: number;

  @IsOptional()
  @Transform(toWholeNumber)
  @Max(MAX_PAGE_SIZE, { message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
  @Min(1, { message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
  @IsInt({ message: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
  limit?: number;
}
