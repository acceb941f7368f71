import { isAuthPath, isProtectedPath } from '@/services/domain/routes';

/** Where a visitor may be (spec §2): guests stay off protected routes, players off auth pages. */
export type RouteAccess = 'allowed' | 'send-home' | 'send-to-login';

export function routeAccess(pathname: string, isLogin: boolean): RouteAccess {
  if (isAuthPath(pathname)) return isLogin ? 'send-home' : 'allowed';
  if (isProtectedPath(pathname)) return isLogin ? 'allowed' : 'send-to-login';
  return 'allowed';
}
