import { IsIn, IsOptional } from 'class-validator';
import { CATALOGUE_LANGUAGES, type CatalogueLanguage } from '@thalir/contracts';
import { unknownLanguageMessage } from './catalogue-language';

/** `?lang=`: the language to answer in; without it, Accept-Language decides. */
export class LanguageQueryDto {
  @IsOptional()
  @IsIn(CATALOGUE_LANGUAGES, { message: unknownLanguageMessage('lang') })
  lang?: CatalogueLanguage;
}
