import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Offer, OfferCodeBatch, OfferUsage } from '@thalir/contracts';
import { Acting, type StaffAct } from '../audit/staff-act';
import { Permit } from '../common/access.decorator';
import { CodeBatchDto, OfferDto } from './dto/offer.dto';
import { OffersService } from './offers.service';

@ApiTags('admin')
@ApiBearerAuth()
@Permit('catalog')
@Controller('admin/offers')
export class OffersController {
  constructor(private readonly offers: OffersService) {}

  @Get()
  list(): Promise<Offer[]> {
    return this.offers.list();
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(@Acting() act: StaffAct, @Body() dto: OfferDto): Promise<Offer> {
    return this.offers.create(dto, act);
  }

  /** Changes what the body names; `{active: false}` pauses the offer. */
  @Put(':id')
  update(@Param('id') id: string, @Acting() act: StaffAct, @Body() dto: OfferDto): Promise<Offer> {
    return this.offers.update(id, dto, act);
  }

  @Post(':id/codes')
  @HttpCode(HttpStatus.CREATED)
  generateCodes(@Param('id') id: string, @Acting() act: StaffAct, @Body() dto: CodeBatchDto): Promise<OfferCodeBatch> {
    return this.offers.generateCodes(id, dto.count, act);
  }

  /** Headers set only once the CSV exists: a refusal (404) still answers JSON. */
  @Get(':id/codes.csv')
  @ApiProduces('text/csv')
  async codesCsv(@Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const csv = await this.offers.codesCsv(id);
    void reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="offer-codes.csv"');
    return csv;
  }

  @Get(':id/usage')
  usage(@Param('id') id: string): Promise<OfferUsage> {
    return this.offers.usage(id);
  }
}
