import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProductResponse } from '@thalir/contracts';
import { Permit, Public } from '../common/access.decorator';
import { queryStringOf } from './cache/catalog-fast-path';
import { sendCachedJson } from './cache/send-cached-json';
import { CatalogService } from './catalog.service';
import { CreateProductDto, UpdateProductDto } from './dto/product-form.dto';
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
    const response = await this.catalog.listResponse(queryStringOf(request.url), request.query as Record<string, unknown>);
    await sendCachedJson(request, reply, response);
  }

  @Public()
  @Get(':id')
  async get(@Param('id') id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await sendCachedJson(request, reply, await this.catalog.productResponse(id));
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
}
