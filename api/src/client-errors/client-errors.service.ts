import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { ClientErrorReport } from '@thalir/contracts';
import { ClientErrorEntity } from './client-error.entity';
import type { ClientErrorReportDto } from './dto/client-error-report.dto';

/** Details are for staff to read, not a place to store payloads. */
export const CLIENT_ERROR_DETAILS_MAX_LENGTH = 4000;
/** Reports kept: the newest; older ones go as new ones arrive. */
export const CLIENT_ERRORS_KEPT = 1000;

@Injectable()
export class ClientErrorsService {
  constructor(@InjectRepository(ClientErrorEntity) private readonly errors: Repository<ClientErrorEntity>) {}

  async record(report: ClientErrorReportDto, userAgent: string | undefined): Promise<void> {
    const details = report.details ?? null;
    if (details && JSON.stringify(details).length > CLIENT_ERROR_DETAILS_MAX_LENGTH) {
      throw new BadRequestException(`details must be at most ${CLIENT_ERROR_DETAILS_MAX_LENGTH} characters as JSON`);
    }
    await this.errors.save(
      this.errors.create({
        kind: report.kind,
        app: report.app ?? null,
        message: report.message,
        // The path only: a query string may carry a token.
        page: report.page?.split(/[?#]/)[0] ?? null,
        details,
        userAgent: userAgent?.slice(0, 500) ?? null,
      }),
    );
    await this.errors.query(`DELETE FROM client_errors WHERE id IN (SELECT id FROM client_errors ORDER BY created_at DESC OFFSET $1)`, [CLIENT_ERRORS_KEPT]);
  }

  async list(limit: number): Promise<ClientErrorReport[]> {
    const rows = await this.errors.find({ order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
    return rows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      app: row.app,
      message: row.message,
      page: row.page,
      details: row.details,
      userAgent: row.userAgent,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
