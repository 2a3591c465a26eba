import { describe, expect, it } from 'vitest';
import { answerOf } from '../../../domain/api/answers';
import { openApiDocument } from '../../../domain/api/openapi';
import { keyScopeOf } from '../../../domain/api/key-scope';
import { routeKey, routes, type RouteEntry } from '../../../domain/api/routes';
import { contractViolation } from '../../contract/answer-check';

const document = openApiDocument();
type Operation = {
  security: unknown[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  parameters?: { in: string; name: string }[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
const operationOf = (r: RouteEntry) => (document.paths?.[r.path] as Record<string, Operation> | undefined)?.[r.method.toLowerCase()];

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with a bearer scheme', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('declares the API key scheme beside the session one', () => {
    expect(document.components?.securitySchemes?.apiKeyAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it.each((routes as readonly RouteEntry[]).map((r) => [routeKey(r), r] as const))('lists %s with its body, answer and access', (_key, r) => {
    const op = operationOf(r);
    expect(op).toBeDefined();
    const success = op!.responses[String(r.status ?? 200)];
    const answer = answerOf(r);
    if ('file' in answer) expect(Object.keys(success?.content ?? {})).toEqual([answer.file, ...(answer.alternatives ?? [])]);
    else expect(success?.content?.['application/json']?.schema).toBeTruthy();
    if (r.body) expect(op!.requestBody?.content['application/json']?.schema).toBeTruthy();
    for (const name of r.path.match(/\{(\w+)\}/g) ?? [])
      expect(op!.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: name.slice(1, -1) }));
    const guarded = ['otp', 'user', 'admin'].includes(r.access);
    const keyScope = keyScopeOf(r);
    expect(op!.security).toEqual(guarded ? [{ bearerAuth: [] }, ...(keyScope === 'none' ? [] : [{ apiKeyAuth: [] }])] : []);
    if (keyScope !== 'none') expect((op as unknown as { description: string }).description).toContain(`\`${keyScope}\` scope`);
    if (guarded) expect(Object.keys(op!.responses)).toContain('401');
    for (const status of Object.keys(op!.responses).filter((s) => s >= '400')) {
      expect(op!.responses[status]?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
  });

  it("describes an address's optional company, second street line and phone, and the address check's residential flag", () => {
    type ObjectSchema = { properties: Record<string, unknown>; required: string[] };
    const schemas = document.components?.schemas as Record<string, ObjectSchema>;
    expect(schemas.Address!.properties).toMatchObject({ company: { type: 'string' }, street2: { type: 'string' }, phone: { type: 'string' } });
    expect(schemas.Address!.required).toEqual(['name', 'street', 'city', 'state', 'zip', 'country']);
    expect(schemas.AddressCheck!.properties.residential).toMatchObject({ type: ['boolean', 'null'] });
    expect(schemas.AddressCheck!.required).toContain('residential');
    const saveAddress = routes.find((r) => routeKey(r) === 'POST /auth/addresses')!;
    const body = operationOf(saveAddress)!.requestBody!.content['application/json']!.schema as ObjectSchema;
    expect(body.properties).toMatchObject({ company: { maxLength: 100 }, street2: { maxLength: 100 }, phone: { type: 'string', maxLength: 30 } });
    expect(body.required).not.toContain('phone');
  });

  it('lists no operation the route table does not have', () => {
    const listed = Object.entries(document.paths ?? {}).flatMap(([path, item]) => Object.keys(item ?? {}).map((m) => `${m.toUpperCase()} ${path}`));
    expect(listed.sort()).toEqual(routes.map(routeKey).sort());
  });
});

describe('the contract check', () => {
  const counter = { route: 'GET /api/counter', status: 200, contentType: 'application/json; charset=utf-8' };

  it('accepts an answer that keeps to the document', () => {
    expect(contractViolation({ ...counter, body: { count: 3 } })).toBeUndefined();
    expect(
      contractViolation({ route: 'POST /shipping/create-label', status: 402, contentType: 'application/json', body: { message: 'Insufficient balance' } }),
    ).toBeUndefined();
  });

  it('names the route, the status and what is wrong when it does not', () => {
    expect(contractViolation({ ...counter, body: { count: '3' } })).toMatch(/^GET \/api\/counter answered 200: count must be integer/);
    expect(contractViolation({ ...counter, body: { count: 3, extra: true } })).toMatch(/additional properties/);
    expect(contractViolation({ ...counter, status: 404, body: { message: 'x' } })).toMatch(/lists only 200, 500/);
    expect(contractViolation({ ...counter, status: 500, body: { error: 'x' } })).toMatch(/must have required property 'message'/);
    expect(contractViolation({ ...counter, contentType: 'text/html' })).toMatch(/as text\/html/);
  });
});
