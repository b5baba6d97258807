import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditService } from './audit.service';

/** The back office's reading of the audit log; writes go through recordAudit (audit-log.ts) in each change's transaction. */
@Module({
  controllers: [AuditController],
  providers: [AuditService],
})
export class AuditModule {}
