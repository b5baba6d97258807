import { Body, Controller, Delete, Get, HttpCode, HttpStatus, NotFoundException, Param, Post, Put, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProductResponse } from '@thalir/contracts';
import { catalogueLanguage, isCatalogueLanguage } from '../common/catalogue-language';
import { Permit, Public } from '../common/access.decorator';
import { queryStringOf } from './cache/catalog-fast-path';
import { sendCachedJson } from './cache/send-cached-json';
import { CatalogService } from './catalog.service';
import { CreateProductDto, UpdateProductDto } from './dto/product-form.dto';
import { LanguageQueryDto } from '../common/language-query.dto';
import { TranslationDto } from '../common/translation.dto';
import { validateDto } from './dto/validate-dto';
import { readProductForm } from './product-form.parser';
import { Acting, type StaffAct } from '../audit/staff-act';

/**
 * The catalogue's two reads are the shop's hottest routes: they answer from ready bytes (see
 * CatalogCache); once cached, CatalogFastPath answers them before Fastify sees the request.
 */
@ApiTags('products')
@Controller('products')
export class ProductsController {
  constructor(private readonly catalog: CatalogService) {}

  @Public()
  @Get()
  async list(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const response = await this.catalog.listResponse(queryStringOf(request.url), request.query as Record<string, unknown>, request.headers['accept-language']);
    await sendCachedJson(request, reply, response);
  }

  @Public()
  @Get(':id')
  async get(@Param('id') id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    // Checked as the list checks it: 400, the problem as `message` and in `errors`.
    const { lang } = await validateDto(LanguageQueryDto, { lang: (request.query as { lang?: unknown }).lang });
    await sendCachedJson(request, reply, await this.catalog.productResponse(id, catalogueLanguage(lang, request.headers['accept-language'])));
  }

  @Permit('catalog')
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @Post()
  @HttpCode(HttpStatus.CREATED)
  async create(@Req() request: FastifyRequest, @Acting() act: StaffAct): Promise<ProductResponse> {
    const form = await readProductForm(request);
    const dto = await validateDto(CreateProductDto, form.fields);
    return { success: true, data: await this.catalog.create(dto, form.image, act) };
  }

  @Permit('catalog')
  @ApiBearerAuth()
  @Delete(':id')
  async remove(@Param('id') id: string, @Acting() act: StaffAct): Promise<{ success: true; message: string }> {
    await this.catalog.remove(id, act);
    return { success: true, message: 'Product deleted' };
  }
}

/** The edit call lives under /api/admin as the spec's client calls it. */
@ApiTags('products')
@ApiBearerAuth()
@Controller('admin/products')
export class AdminProductsController {
  constructor(private readonly catalog: CatalogService) {}

  @Permit('catalog')
  @ApiConsumes('multipart/form-data')
  @Put(':id')
  async update(@Param('id') id: string, @Req() request: FastifyRequest, @Acting() act: StaffAct): Promise<ProductResponse> {
    const form = await readProductForm(request);
    const dto = await validateDto(UpdateProductDto, form.fields);
    return { success: true, data: await this.catalog.update(id, dto, form.image, act) };
  }

  /** The product's name and description in another language (Tamil); an empty name removes them. */
  @Permit('catalog')
  @Put(':id/translations/:lang')
  async translate(@Param('id') id: string, @Param('lang') lang: string, @Body() dto: TranslationDto, @Acting() act: StaffAct): Promise<ProductResponse> {
    if (!isCatalogueLanguage(lang) || lang === 'en') throw new NotFoundException('Translations are kept for: ta');
    return { success: true, data: await this.catalog.translate(id, lang, dto, act) };
  }
}
