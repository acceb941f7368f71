import type { ServerConfig } from '@/services/server/config';
import type { Db } from '@/services/server/db/client';
import type { IdentityProvider } from '@/services/server/identity/provider';
import { createLocalIdentityProvider } from '@/services/server/identity/local';
import { createFirebaseIdentityProvider } from '@/services/server/identity/firebase';

/** The configured identity provider (IDENTITY_PROVIDER). */
export function createIdentityProvider(config: ServerConfig, db: Db): IdentityProvider {
  return config.identityProvider === 'firebase' ? createFirebaseIdentityProvider(config) : createLocalIdentityProvider(db, config);
}
