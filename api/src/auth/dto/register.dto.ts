import type { CatalogueLanguage } from '@thalir/contracts';
import { EmailField, LanguageField, NameField, NewPasswordField } from '../../users/user-fields';

export class RegisterDto {
  @NameField()
  name!: string;

  @EmailField()
  email!: string;

  @NewPasswordField()
  password!: string;

  /** The language the customer registered in: their mails and invoices follow it. */
  @LanguageField()
  language?: CatalogueLanguage;
}
