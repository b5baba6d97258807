import { HttpException, HttpStatus } from '@nestjs/common';

/** Throws the contract's error shape with a chosen status; use for 409, 413, 415 and friends. */
export class ApiException extends HttpException {
  constructor(status: HttpStatus, message: string, extra: Record<string, unknown> = {}) {
    super({ message, ...extra }, status);
  }
}
