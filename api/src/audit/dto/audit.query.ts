import { trimText } from '../../common/trim';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { AUDIT_ENTITIES, type AuditEntity } from '@thalir/contracts';
import { PagingQuery } from '../../common/paging.query';

const DATE_MESSAGE = 'Dates are written YYYY-MM-DD';

/** The audit log's filters. Checks run bottom-up, so the most basic one's message shows. */
export class AuditQuery extends PagingQuery {
  @IsOptional()
  @Transform(trimText)
  @MaxLength(254, { message: 'The person filter can be at most 254 characters' })
  @IsString({ message: 'The person filter must be text' })
  actor?: string;

  @IsOptional()
  @IsIn(AUDIT_ENTITIES, { message: `The entity is one of ${AUDIT_ENTITIES.join(', ')}` })
  entity?: AuditEntity;

  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: DATE_MESSAGE })
  @IsString({ message: DATE_MESSAGE })
  from?: string;

  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: DATE_MESSAGE })
  @IsString({ message: DATE_MESSAGE })
  to?: string;
}
