import { EndpointRegistry } from '@/services/server/gateway/endpoint';
import { settingsEndpoints } from '@/services/server/endpoints/settings';

/** Every endpoint group of the API. A new group is added here and nowhere else. */
export function createRegistry(): EndpointRegistry {
  return new EndpointRegistry([settingsEndpoints]);
}
