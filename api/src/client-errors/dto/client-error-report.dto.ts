import { trimText } from '../../common/trim';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export class ClientErrorReportDto {
  /** What went wrong, e.g. `shared-library-mismatch`. */
  @Matches(/^[a-z][a-z0-9-]*$/, { message: 'kind must be lower-case words joined by hyphens' })
  @MaxLength(64, { message: 'kind must be at most 64 characters' })
  @IsString({ message: 'kind must be text' })
  kind!: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'app must be a frontend name' })
  @MaxLength(64, { message: 'app must be at most 64 characters' })
  @IsString({ message: 'app must be text' })
  app?: string;

  @Transform(trimText)
  @MaxLength(1000, { message: 'message must be at most 1000 characters' })
  @IsNotEmpty({ message: 'message is required' })
  @IsString({ message: 'message must be text' })
  message!: string;

  /** The page's path. */
  @IsOptional()
  @MaxLength(500, { message: 'page must be at most 500 characters' })
  @IsString({ message: 'page must be text' })
  page?: string;

  @IsOptional()
  @IsObject({ message: 'details must be an object' })
  details?: Record<string, unknown>;
}
