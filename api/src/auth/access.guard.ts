import { ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { type Permission, STAFF_ROLE_LABELS, type StaffRole } from '@thalir/contracts';
import { Access, ACCESS_KEY, PERMISSION_KEY } from '../common/access.decorator';
import { classifyDatabaseError } from '../common/database-errors';
import { SESSION_EXPIRED } from '../sessions/session-tokens';
import type { AuthUser } from './auth-user';
import { isStaffRole, roleMay } from './permissions';
import { SessionEndedException } from './jwt.strategy';

/**
 * The one global guard: public routes pass, optional ones pass without a token, everything else needs
 * a valid token, staff routes a staff role holding the route's permission.
 */
@Injectable()
export class AccessGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  static accessOf(reflector: Reflector, context: ExecutionContext): Access | undefined {
    return reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = AccessGuard.accessOf(this.reflector, context);
    if (access === undefined) throw new ForbiddenException('This route declares no access rule');
    if (access === Access.Public) return true;
    if (access === Access.Optional && !context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>().headers.authorization) return true;
    await super.canActivate(context);
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (access === Access.Staff) {
      const permission = this.reflector.getAllAndOverride<Permission>(PERMISSION_KEY, [context.getHandler(), context.getClass()]);
      if (!user || !isStaffRole(user.role)) throw new ForbiddenException('Staff only');
      if (!roleMay(user.role, permission)) throw new ForbiddenException(`Your role (${STAFF_ROLE_LABELS[user.role as StaffRole]}) cannot do this`);
    }
    return true;
  }

  override handleRequest<TUser>(error: unknown, user: TUser, info: unknown): TUser {
    // The database being away is not a bad token: a 401 would sign the customer out for nothing.
    if (classifyDatabaseError(error)?.unavailable) throw error;
    if (error || !user) {
      const expired = error instanceof SessionEndedException || (info as Error | undefined)?.name === 'TokenExpiredError';
      throw new UnauthorizedException(expired ? SESSION_EXPIRED : 'Please sign in to continue');
    }
    return user;
  }
}
