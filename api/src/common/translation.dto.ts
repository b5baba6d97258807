import { trimText } from './trim';
import { Transform } from 'class-transformer';
import { IsString, MaxLength } from 'class-validator';

/** A name and description in another language (a product's, a plan's); an empty name removes the translation. */
export class TranslationDto {
  @Transform(trimText)
  @MaxLength(200, { message: 'The name can be at most 200 characters' })
  @IsString({ message: 'name must be text (empty to remove the translation)' })
  name!: string;

  @Transform(trimText)
  @MaxLength(5000, { message: 'The description can be at most 5000 characters' })
  @IsString({ message: 'description must be text' })
  description!: string;
}
