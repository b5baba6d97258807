import { IsBoolean, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';

export class SwitchReleaseDto {
  /** The release to make live; null goes back to the build in WEB_ROOT. */
  @ValidateIf((_object, value) => value !== null)
  @MaxLength(128, { message: 'release must be at most 128 characters' })
  @IsString({ message: 'release must be a release name or null' })
  release!: string | null;

  /** Switch although a shared-library range of the live frontends is not met. */
  @IsOptional()
  @IsBoolean({ message: 'force must be true or false' })
  force?: boolean;
}
