import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Enquiry } from '@thalir/contracts';
import { Permit, Public } from '../common/access.decorator';
import { FormPost } from '../common/form-post';
import { ClientRateLimit } from '../common/rate-limit/client-rate-limit';
import { CONTACT_FORM_LIMIT } from '../contact/contact.controller';
import { EnquiryDto, ListEnquiriesQuery, UpdateEnquiryDto } from './dto/enquiry.dto';
import { EnquiriesService } from './enquiries.service';

/** What the export page says once an enquiry is in (the storefront's text, for a form posted without JavaScript). */
export const ENQUIRY_SENT = 'Thank you! Your enquiry is with our export desk; we answer within two working days.';

@ApiTags('enquiries')
@Controller()
export class EnquiriesController {
  constructor(private readonly enquiries: EnquiriesService) {}

  /** A public form that writes to the database and sends mail: bounded per client address, like the contact form. */
  @Public()
  @ClientRateLimit({ ...CONTACT_FORM_LIMIT, name: 'enquiries' })
  @FormPost({
    backTo: { href: '/export', label: 'Back to wholesale and export' },
    sent: { title: 'Enquiry sent', message: ENQUIRY_SENT },
    notSentTitle: 'Your enquiry was not sent',
    submitLabel: 'Request a quote',
    fields: [
      { name: 'company', label: 'Company' },
      { name: 'contactName', label: 'Contact name' },
      { name: 'email', label: 'Email', type: 'email' },
      { name: 'phone', label: 'Phone (international)', type: 'tel' },
      { name: 'country', label: 'Country (its two-letter code, like AU)' },
      { name: 'productIds', label: 'Products of interest', multiple: true },
      { name: 'quantity', label: 'Stems per shipment', type: 'number' },
      { name: 'frequency', label: 'How often (one-off, weekly, monthly or seasonal)' },
      { name: 'targetMonth', label: 'Target delivery month (like 2027-02)', type: 'month' },
      { name: 'message', label: 'Message', multiline: true },
    ],
  })
  @Post('enquiries')
  @HttpCode(HttpStatus.CREATED)
  create(@Body() dto: EnquiryDto): Promise<Enquiry> {
    return this.enquiries.create(dto);
  }

  /** Newest first, a page at a time; the number of matches goes in X-Total-Count. */
  @Permit('orders.manage')
  @ApiBearerAuth()
  @Get('admin/enquiries')
  async list(@Query() query: ListEnquiriesQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<Enquiry[]> {
    const { enquiries, total } = await this.enquiries.list({ page: query.page ?? 1, limit: query.limit ?? 25, status: query.status });
    void reply.header('x-total-count', String(total));
    return enquiries;
  }

  @Permit('orders.manage')
  @ApiBearerAuth()
  @Patch('admin/enquiries/:id')
  update(@Param('id') id: string, @Body() dto: UpdateEnquiryDto): Promise<Enquiry> {
    return this.enquiries.update(id, dto);
  }
}
