import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Enquiry } from '@thalir/contracts';
import { Permit, Public } from '../common/access.decorator';
import { ClientRateLimit } from '../common/rate-limit/client-rate-limit';
import { CONTACT_FORM_LIMIT } from '../contact/contact.controller';
import { EnquiryDto, ListEnquiriesQuery, UpdateEnquiryDto } from './dto/enquiry.dto';
import { EnquiriesService } from './enquiries.service';

@ApiTags('enquiries')
@Controller()
export class EnquiriesController {
  constructor(private readonly enquiries: EnquiriesService) {}

  /** A public form that writes to the database and sends mail: bounded per client address, like the contact form. */
  @Public()
  @ClientRateLimit({ ...CONTACT_FORM_LIMIT, name: 'enquiries' })
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
