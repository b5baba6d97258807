import { Transform } from 'class-transformer';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { EmailField, NameField } from '../../users/user-fields';

export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

export class ContactMessageDto {
  @NameField()
  name!: string;

  @EmailField()
  email!: string;

  /** class-validator runs these from the bottom up; the first failure is the message shown. */
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsDefined({ message: 'Message is required' })
  @MaxLength(CONTACT_MESSAGE_MAX_LENGTH, { message: `Message must be at most ${CONTACT_MESSAGE_MAX_LENGTH} characters` })
  @IsNotEmpty({ message: 'Message is required' })
  @IsString({ message: 'Message must be text' })
  message!: string;
}
