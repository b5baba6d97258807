import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user';

/** A staff member acting through a request: who, and from which client address (for the audit log). */
export interface StaffAct {
  id: string;
  email: string;
  role: string;
  clientAddress: string | null;
}

export const staffActOf = (user: Pick<AuthUser, 'id' | 'email' | 'role'>, clientAddress: string | null): StaffAct => ({
  id: user.id,
  email: user.email,
  role: user.role,
  clientAddress,
});

/** The signed-in staff member and their address (Fastify's `request.ip`, which honours TRUST_PROXY). */
export const Acting = createParamDecorator((_data: unknown, ctx: ExecutionContext): StaffAct => {
  const request = ctx.switchToHttp().getRequest<{ user: AuthUser; ip: string }>();
  return staffActOf(request.user, request.ip ?? null);
});
