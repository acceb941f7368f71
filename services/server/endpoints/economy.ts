import type { EndpointDef } from '@/services/server/gateway/endpoint';

export const economyEndpoints: EndpointDef[] = [];
