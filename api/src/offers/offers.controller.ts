import { Body, Controller, Get, Header, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Offer, OfferCodeBatch, OfferUsage } from '@thalir/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { AdminOnly } from '../common/access.decorator';
import { CodeBatchDto, OfferDto } from './dto/offer.dto';
import { OffersService } from './offers.service';

@ApiTags('admin')
@ApiBearerAuth()
@AdminOnly()
@Controller('admin/offers')
export class OffersController {
  constructor(private readonly offers: OffersService) {}

  @Get()
  list(): Promise<Offer[]> {
    return this.offers.list();
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(@CurrentUser() admin: AuthUser, @Body() dto: OfferDto): Promise<Offer> {
    return this.offers.create(dto, admin);
  }

  /** Changes what the body names; `{active: false}` pauses the offer. */
  @Put(':id')
  update(@Param('id') id: string, @Body() dto: OfferDto): Promise<Offer> {
    return this.offers.update(id, dto);
  }

  @Post(':id/codes')
  @HttpCode(HttpStatus.CREATED)
  generateCodes(@Param('id') id: string, @Body() dto: CodeBatchDto): Promise<OfferCodeBatch> {
    return this.offers.generateCodes(id, dto.count);
  }

  @Get(':id/codes.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="offer-codes.csv"')
  codesCsv(@Param('id') id: string): Promise<string> {
    return this.offers.codesCsv(id);
  }

  @Get(':id/usage')
  usage(@Param('id') id: string): Promise<OfferUsage> {
    return this.offers.usage(id);
  }
}
