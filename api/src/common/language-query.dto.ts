import { IsIn, IsOptional } from 'class-validator';
import { CATALOGUE_LANGUAGES, type CatalogueLanguage } from '@thalir/contracts';

/** `?lang=`: the language to answer in; without it, Accept-Language decides. */
export class LanguageQueryDto {
  @IsOptional()
  @IsIn(CATALOGUE_LANGUAGES, { message: `lang must be one of: ${CATALOGUE_LANGUAGES.join(', ')}` })
  lang?: CatalogueLanguage;
}
