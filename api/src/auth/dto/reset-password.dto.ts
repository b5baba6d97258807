import { NewPasswordField } from '../../users/user-fields';

export class ResetPasswordDto {
  @NewPasswordField()
  password!: string;
}
