import { HttpStatus } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';

export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';

/** Node socket errors and pg's own wording when the database is away or the link dropped. */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTCONN']);
const CONNECTION_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /is not queryable/i,
  /cannot use a pool after calling end/i,
  /connection (is )?not (set|established)/i,
  /driver not connected/i,
  /server closed the connection unexpectedly/i,
];

/** SQLSTATEs that mean "try again": connection lost, server shutting down or full, and lost races. */
function isTransientState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300', '40001', '40P01', '55P03'].includes(code);
}

/** The name of the constraint a statement broke, if it broke one. */
export function constraintOf(error: unknown): string | undefined {
  return error instanceof QueryFailedError ? (error.driverError as { constraint?: string } | undefined)?.constraint : undefined;
}

/** A unique index refused the row: someone else got there first (a taken email, a second open invitation). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === '23505';
}

/** SQLSTATEs caused by the request's values, which validation should have caught earlier. */
const INPUT_STATES: { test: (code: string) => boolean; status: number; message: string }[] = [
  { test: (code) => code === '23505', status: HttpStatus.CONFLICT, message: 'This already exists' },
  { test: (code) => code === '23503', status: HttpStatus.BAD_REQUEST, message: 'The request refers to something that does not exist' },
  { test: (code) => code === '23502' || code === '23514', status: HttpStatus.BAD_REQUEST, message: 'The request is missing a value or has one out of range' },
  { test: (code) => code.startsWith('22') || code === '54000', status: HttpStatus.BAD_REQUEST, message: 'The request has a value the shop cannot accept' },
];

export interface DatabaseErrorAnswer {
  status: number;
  message: string;
  /** The database itself is away (as opposed to a value it refused). */
  unavailable: boolean;
}

function causes(error: unknown): { code?: unknown; message?: unknown; name?: unknown }[] {
  const chain: { code?: unknown; message?: unknown; name?: unknown }[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    chain.push(current as never);
    const next = (current as { driverError?: unknown; cause?: unknown }).driverError ?? (current as { cause?: unknown }).cause;
    current = next === current ? null : next;
  }
  return chain;
}

/**
 * Maps errors from TypeORM and pg to the contract: the database away is a 503 the client may
 * retry; a value the database refused is a 4xx, never a 500. Anything else is not ours to map.
 */
export function classifyDatabaseError(error: unknown): DatabaseErrorAnswer | null {
  for (const link of causes(error)) {
    const code = typeof link.code === 'string' ? link.code : '';
    const message = typeof link.message === 'string' ? link.message : '';
    if (CONNECTION_ERRNOS.has(code) || (code.length === 5 && isTransientState(code)) || CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) {
      return { status: HttpStatus.SERVICE_UNAVAILABLE, message: SERVICE_UNAVAILABLE_MESSAGE, unavailable: true };
    }
    if (code.length === 5) {
      const input = INPUT_STATES.find((state) => state.test(code));
      if (input) return { status: input.status, message: input.message, unavailable: false };
    }
  }
  return null;
}
