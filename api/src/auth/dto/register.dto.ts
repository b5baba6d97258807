import { EmailField, NameField, NewPasswordField } from '../../users/user-fields';

export class RegisterDto {
  @NameField()
  name!: string;

  @EmailField()
  email!: string;

  @NewPasswordField()
  password!: string;
}
