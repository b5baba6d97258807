import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { ProductListResponse, ProductResponse } from '@thalir/contracts';
import { Public } from '../common/access.decorator';
import { CatalogService } from './catalog.service';

@ApiTags('products')
@Controller('products')
export class ProductsController {
  constructor(private readonly catalog: CatalogService) {}

  @Public()
  @Get()
  async list(): Promise<ProductListResponse> {
    return { success: true, data: await this.catalog.list() };
  }

  @Public()
  @Get(':id')
  async get(@Param('id') id: string): Promise<ProductResponse> {
    return { success: true, data: await this.catalog.get(id) };
  }
}
