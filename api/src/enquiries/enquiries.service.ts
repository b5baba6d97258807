import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Enquiry, EnquiryStatus } from '@thalir/contracts';
import { isUuid } from '../common/ids';
import { indiaClock } from '../delivery/delivery-rules';
import { Outbox } from '../mail/outbox';
import type { EnquiryDto, UpdateEnquiryDto } from './dto/enquiry.dto';

export interface EnquiryRow {
  id: string;
  company: string;
  contactName: string;
  email: string;
  phone: string | null;
  country: string;
  products: { _id: string; name: string }[];
  quantity: number | null;
  frequency: Enquiry['frequency'] | null;
  targetMonth: string | null;
  message: string;
  status: EnquiryStatus;
  note: string;
  createdAt: Date;
  updatedAt: Date;
}

/** An enquiry's columns as `toEnquiry` reads them. */
export const ENQUIRY_COLUMNS = `id, company, contact_name AS "contactName", email, phone, country, products, quantity, frequency,
  target_month AS "targetMonth", message, status, note, created_at AS "createdAt", updated_at AS "updatedAt"`;

export function toEnquiry(row: EnquiryRow): Enquiry {
  return {
    _id: row.id,
    company: row.company,
    contactName: row.contactName,
    email: row.email,
    ...(row.phone ? { phone: row.phone } : {}),
    country: row.country,
    products: row.products,
    ...(row.quantity !== null ? { quantity: row.quantity } : {}),
    ...(row.frequency ? { frequency: row.frequency } : {}),
    ...(row.targetMonth ? { targetMonth: row.targetMonth } : {}),
    message: row.message,
    status: row.status,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Wholesale and export enquiries: recorded with the staff's notice and the buyer's acknowledgement, then worked by staff. */
@Injectable()
export class EnquiriesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  async create(dto: EnquiryDto): Promise<Enquiry> {
    if (dto.targetMonth && dto.targetMonth < indiaClock(new Date()).date.slice(0, 7)) {
      throw new BadRequestException('Target month has passed; choose this month or a later one');
    }
    const wanted = [...new Set((dto.productIds ?? []).map((id) => id.toLowerCase()))];
    return this.dataSource.transaction(async (manager) => {
      const products =
        wanted.length === 0
          ? []
          : ((await manager.query(`SELECT id AS "_id", name FROM products WHERE id = ANY($1) ORDER BY name`, [wanted])) as EnquiryRow['products']);
      if (products.length !== wanted.length) throw new BadRequestException('Some of the chosen products are no longer in the catalogue; please choose again');
      const [row] = (await manager.query(
        `INSERT INTO enquiries (company, contact_name, email, phone, country, products, quantity, frequency, target_month, message)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10) RETURNING ${ENQUIRY_COLUMNS}`,
        [
          dto.company,
          dto.contactName,
          dto.email,
          dto.phone ?? null,
          dto.country,
          JSON.stringify(products),
          dto.quantity ?? null,
          dto.frequency ?? null,
          dto.targetMonth ?? null,
          dto.message,
        ],
      )) as EnquiryRow[];
      const staff = this.outbox.staff;
      await this.outbox.enqueue(manager, [
        { kind: 'enquiry-ack', to: dto.email, enquiryId: row.id },
        ...(staff ? [{ kind: 'staff-new-enquiry' as const, to: staff, enquiryId: row.id }] : []),
      ]);
      return toEnquiry(row);
    });
  }

  async list(query: { page: number; limit: number; status?: EnquiryStatus }): Promise<{ enquiries: Enquiry[]; total: number }> {
    const filter = query.status ? 'WHERE status = $3' : '';
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(`SELECT ${ENQUIRY_COLUMNS} FROM enquiries ${filter} ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`, [
        query.limit,
        (query.page - 1) * query.limit,
        ...(query.status ? [query.status] : []),
      ]),
      this.dataSource.query(`SELECT count(*)::int AS total FROM enquiries ${query.status ? 'WHERE status = $1' : ''}`, query.status ? [query.status] : []),
    ]);
    return { enquiries: (rows as EnquiryRow[]).map(toEnquiry), total };
  }

  async update(id: string, dto: UpdateEnquiryDto): Promise<Enquiry> {
    if (dto.status === undefined && dto.note === undefined) throw new BadRequestException('Send a status or a note to change');
    const [rows] = isUuid(id)
      ? ((await this.dataSource.query(
          `UPDATE enquiries SET status = coalesce($2, status), note = coalesce($3, note), updated_at = now() WHERE id = $1 RETURNING ${ENQUIRY_COLUMNS}`,
          [id, dto.status ?? null, dto.note ?? null],
        )) as [EnquiryRow[], number])
      : [[]];
    if (rows.length === 0) throw new NotFoundException('Enquiry not found');
    return toEnquiry(rows[0]);
  }
}
