import { BadRequestException } from '@nestjs/common';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validate } from 'class-validator';

/**
 * Validates input the global ValidationPipe never sees (multipart fields, the raw query of the
 * cached product list) and fails the same way: 400, the first problem as `message`, all in `errors`.
 */
export async function validateDto<T extends object>(type: ClassConstructor<T>, plain: Record<string, unknown>): Promise<T> {
  const dto = plainToInstance(type, plain);
  const problems = await validate(dto, { whitelist: true, forbidUnknownValues: true, stopAtFirstError: true });
  if (problems.length > 0) {
    const errors = problems.flatMap((problem) => Object.values(problem.constraints ?? { invalid: `${problem.property} is invalid` }));
    throw new BadRequestException({ message: errors[0], errors });
  }
  return dto;
}
