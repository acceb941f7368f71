import type { EndpointDef } from '@/services/server/gateway/endpoint';

export const authEndpoints: EndpointDef[] = [];
