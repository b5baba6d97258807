import { Transform } from 'class-transformer';
import type { CatalogueLanguage } from '@thalir/contracts';
import { AddressField, LanguageField, NameField, NewPasswordField, SignInPasswordField } from '../user-fields';

export class UpdateProfileDto {
  @NameField()
  name!: string;

  @AddressField()
  address?: string;

  @LanguageField()
  language?: CatalogueLanguage;

  /** Left empty, the password stays as it is (the profile form's field is optional). */
  @Transform(({ value }) => (value === '' || value === null ? undefined : value))
  @NewPasswordField({ required: false })
  password?: string;

  /** Needed with a new password; checked by the service (a wrong one is 400 'Current password is incorrect'). */
  @Transform(({ value }) => (value === '' || value === null ? undefined : value))
  @SignInPasswordField({ required: false })
  currentPassword?: string;
}
