import { EmailField } from '../../users/user-fields';

export class SubscribeDto {
  @EmailField()
  email!: string;
}
