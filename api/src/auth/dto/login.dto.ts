import { EmailField, SignInPasswordField } from '../../users/user-fields';

export class LoginDto {
  @EmailField()
  email!: string;

  @SignInPasswordField()
  password!: string;
}
