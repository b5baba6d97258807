import { SignInPasswordField } from '../../users/user-fields';

export class DeleteAccountDto {
  /** The account's own password: a session alone (a stolen token) cannot erase the account. */
  @SignInPasswordField()
  password!: string;
}
