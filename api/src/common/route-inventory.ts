import { RequestMethod, type INestApplicationContext } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import type { Permission } from '@thalir/contracts';
import { Access, ACCESS_KEY, PERMISSION_KEY } from './access.decorator';

export interface ApiRoute {
  method: string;
  /** The full path as Fastify matches it, e.g. `/api/orders/:id`. */
  path: string;
  /** What the route declares with @Public(), @SignedInOrNot(), @SignedIn(), @OwnerOrStaff() or @Permit(). */
  access: Access | undefined;
  /** The permission a staff route needs (@Permit). */
  permission: Permission | undefined;
  /** `Controller.method`, to name the culprit in messages. */
  handler: string;
}

function asList(value: unknown): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

function joinPath(...parts: string[]): string {
  return `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/')}`;
}

/**
 * Every route the application's controllers register, read from Nest's own metadata, with the
 * access rule each declares, the way the AccessGuard reads it (handler first, then controller).
 */
export function listApiRoutes(app: INestApplicationContext, globalPrefix = 'api'): ApiRoute[] {
  const reflector = app.get(Reflector);
  const scanner = new MetadataScanner();
  const routes: ApiRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const controllerPaths = asList(Reflect.getMetadata(PATH_METADATA, controller) ?? '/');
      for (const name of scanner.getAllMethodNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name] as object;
        const methodPaths = asList(Reflect.getMetadata(PATH_METADATA, handler));
        if (methodPaths.length === 0) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod] ?? 'GET';
        const access = reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [handler as never, controller]);
        const permission = reflector.getAllAndOverride<Permission | undefined>(PERMISSION_KEY, [handler as never, controller]);
        for (const controllerPath of controllerPaths) {
          for (const methodPath of methodPaths) {
            routes.push({ method, path: joinPath(globalPrefix, controllerPath, methodPath), access, permission, handler: `${controller.name}.${name}` });
          }
        }
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/**
 * The guard refuses an undeclared route at request time; refusing to start makes the omission
 * impossible to ship, since every test run and every start fails with the routes named.
 */
export function assertEveryRouteDeclaresAccess(app: INestApplicationContext): void {
  const undeclared = listApiRoutes(app).filter(
    (route) => !Object.values(Access).includes(route.access as Access) || (route.access === Access.Staff && !route.permission),
  );
  if (undeclared.length > 0) {
    throw new Error(
      `Every route must declare its access with @Public(), @SignedInOrNot(), @SignedIn(), @OwnerOrStaff() or @Permit(permission); these do not:\n` +
        undeclared.map((route) => `  - ${route.method} ${route.path} (${route.handler})`).join('\n'),
    );
  }
}
