/**
 * The contract check: does an answer the API actually gave match the published OpenAPI document
 * (domain/api/openapi.ts)? The integration suites check every handler answer as they receive it
 * (test/integration/security/actors.ts) or, through a local front, when the file ends
 * (test/integration/setup-env.ts), and the browser suite every answer the local front sent
 * (test/e2e/global-teardown.ts), so the document cannot drift from the code unnoticed. Error
 * answers are checked too: the document describes their status and shape.
 *
 * openapi-response-validator compiles each operation's responses with ajv, resolving the
 * document's `#/components/...` references.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import ResponseValidatorModule from 'openapi-response-validator';
import { openApiDocument } from '../../domain/api/openapi';

export interface RecordedAnswer {
  /** `METHOD /path` as in the route table. */
  route: string;
  status: number;
  contentType: string;
  /** The parsed JSON body; undefined when the body is not JSON (a file) or empty. */
  body?: unknown;
}

// A CommonJS module with `exports.default`: vitest hands over that default, Playwright's loader the
// module object around it.
const OpenAPIResponseValidator = (ResponseValidatorModule as unknown as { default?: typeof ResponseValidatorModule }).default ?? ResponseValidatorModule;
type OpenAPIResponseValidator = InstanceType<typeof OpenAPIResponseValidator>;

type Operation = { responses: Record<string, { content?: Record<string, unknown> }> };

let document: ReturnType<typeof openApiDocument> | undefined;
const validators = new Map<string, OpenAPIResponseValidator>();

function operation(route: string): Operation | undefined {
  document ??= openApiDocument();
  const [method = '', path = ''] = route.split(' ');
  const item = document.paths?.[path] as Record<string, Operation> | undefined;
  return item?.[method.toLowerCase()];
}

function validatorFor(route: string, op: Operation): OpenAPIResponseValidator {
  let v = validators.get(route);
  if (!v) {
    v = new OpenAPIResponseValidator({ responses: op.responses as never, components: document!.components as never });
    validators.set(route, v);
  }
  return v;
}

/** Why `answer` breaks the document, or undefined when it keeps to it. */
export function contractViolation(answer: RecordedAnswer): string | undefined {
  const where = `${answer.route} answered ${answer.status}`;
  const op = operation(answer.route);
  if (!op) return `${where}: the document has no such operation`;
  const documented = op.responses[String(answer.status)];
  if (!documented) return `${where}: the document lists only ${Object.keys(op.responses).join(', ')}`;
  const mediaTypes = Object.keys(documented.content ?? {});
  const mediaType = answer.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!mediaTypes.includes(mediaType)) return `${where} as ${mediaType || 'no content type'}: the document says ${mediaTypes.join(', ')}`;
  if (mediaType !== 'application/json') return undefined;
  const error = validatorFor(answer.route, op).validateResponse(String(answer.status), structuredClone(answer.body));
  if (!error) return undefined;
  const details = (error.errors as { path?: string; message?: string }[]).map((e) => `${e.path || '(body)'} ${e.message}`).join('; ');
  return `${where}: ${details} in ${JSON.stringify(answer.body).slice(0, 500)}`;
}

/**
 * The answers a local front recorded to `file` (CONTRACT_RECORD_FILE: one JSON line each), checked
 * and then removed: each distinct violation once, and how many answers were read.
 */
export function checkRecordedAnswers(file: string): { answers: number; violations: string[] } {
  if (!existsSync(file)) return { answers: 0, violations: [] };
  const answers = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedAnswer);
  rmSync(file, { force: true });
  const violations = [...new Set(answers.map(contractViolation).filter((v): v is string => v !== undefined))];
  return { answers: answers.length, violations };
}
