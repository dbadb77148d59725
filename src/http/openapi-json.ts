// The OpenAPI document's JSON, walked untyped: the few shapes the refinements read or write.
export type Json = Record<string, unknown>;
export type Schema = Json;
export type ApiResponse = {
  description?: string;
  headers?: Json;
  content?: Record<string, { schema?: Schema }> | Json;
};
export type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: unknown[];
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, ApiResponse>;
};
export type Paths = Record<string, Record<string, Operation>>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
