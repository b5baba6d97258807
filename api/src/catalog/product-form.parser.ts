import { BadRequestException, HttpStatus } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiException } from '../common/http-errors';

export interface ProductForm {
  /** The text fields as sent; the DTO converts and checks them. */
  fields: Record<string, string>;
  /** The uploaded image bytes, or null when no file was chosen. */
  image: Buffer | null;
}

export const IMAGE_FIELD = 'image';

/**
 * Reads the admin product form (multipart/form-data). The size limit is enforced while reading
 * (@fastify/multipart, registered in app.factory): past it `toBuffer` throws the 413 error.
 */
export async function readProductForm(request: FastifyRequest): Promise<ProductForm> {
  if (!request.isMultipart()) {
    throw new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'Send the product as multipart/form-data');
  }
  // No prototype: a field named "__proto__" or "constructor" is just a field (and dropped by the DTO).
  const fields: Record<string, string> = Object.create(null);
  let image: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== IMAGE_FIELD) {
        part.file.resume();
        throw new BadRequestException(`Send the picture in the "${IMAGE_FIELD}" field`);
      }
      const data = await part.toBuffer();
      // Browsers send an empty file part when the file input was left empty.
      if (data.length > 0) image = data;
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, image };
}
