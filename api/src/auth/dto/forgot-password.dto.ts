import { EmailField } from '../../users/user-fields';

export class ForgotPasswordDto {
  @EmailField()
  email!: string;
}
