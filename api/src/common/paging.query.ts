import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const MAX_PAGE_SIZE = 100;
/** Far beyond any real list, and keeps OFFSET a plain integer. */
const MAX_PAGE = 100_000;
const PAGE_MESSAGE = `page must be a whole number from 1 to ${MAX_PAGE}`;
const LIMIT_MESSAGE = `limit must be a whole number between 1 and ${MAX_PAGE_SIZE}`;

/** `?page=&limit=` of the back office's paged lists (the match count travels in X-Total-Count). */
export class PagingQuery {
  @IsOptional()
  @Type(() => Number)
  @Max(MAX_PAGE, { message: PAGE_MESSAGE })
  @Min(1, { message: PAGE_MESSAGE })
  @IsInt({ message: PAGE_MESSAGE })
  page?: number;

  @IsOptional()
  @Type(() => Number)
  @Max(MAX_PAGE_SIZE, { message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @IsInt({ message: LIMIT_MESSAGE })
  limit?: number;
}
