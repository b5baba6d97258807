import { IsIn, IsOptional } from 'class-validator';
import { STAFF_ROLES, type StaffRole } from '@thalir/contracts';
import { EmailField, NameField, NewPasswordField } from '../../users/user-fields';

const ROLE_MESSAGE = `The role must be one of ${STAFF_ROLES.join(', ')}`;

export class StaffInviteDto {
  @EmailField()
  email!: string;

  @NameField()
  name!: string;

  @IsIn(STAFF_ROLES, { message: ROLE_MESSAGE })
  role!: StaffRole;
}

export class StaffRoleDto {
  @IsIn(STAFF_ROLES, { message: ROLE_MESSAGE })
  role!: StaffRole;
}

export class StaffInviteAcceptanceDto {
  @NewPasswordField()
  password!: string;

  @IsOptional()
  @NameField()
  name?: string;
}
