import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuditPage } from '@thalir/contracts';
import { Permit } from '../common/access.decorator';
import { AuditService } from './audit.service';
import { AuditQuery } from './dto/audit.query';

@ApiTags('admin')
@ApiBearerAuth()
@Permit('audit')
@Controller('admin')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get('audit')
  page(@Query() query: AuditQuery): Promise<AuditPage> {
    return this.audit.page(query);
  }

  /** Headers set only once the CSV exists: a refused filter (400) still answers JSON. */
  @Get('audit.csv')
  @ApiProduces('text/csv')
  async csv(@Query() query: AuditQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const csv = await this.audit.csv(query);
    void reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="audit-log.csv"');
    return csv;
  }
}
