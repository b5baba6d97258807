import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {});
    const nested = flatten(error.children ?? [], path);
    return own.length === 0 && nested.length === 0 ? [`${path} is invalid`] : [...own, ...nested];
  });
}

/** DTO validation at the edge: unknown fields are dropped, the first problem is the `message`. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const messages = flatten(errors);
      return new BadRequestException({ message: messages[0] ?? 'Invalid request', errors: messages });
    },
  });
}
