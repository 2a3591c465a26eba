/**
 * Writes the OpenAPI document (domain/api/openapi.ts) into every build as `openapi.json`, beside
 * index.html: the stack uploads the build to S3, so CloudFront serves /openapi.json as a static
 * file (its SPA fallback leaves paths with an extension alone, and no API behaviour matches it).
 * Made at build time from the contract, it is never a file someone edits by hand.
 */
import type { Plugin } from 'vite';
import { OPENAPI_PATH, openApiDocument } from '../../domain/api/openapi';

export function openApiFile(): Plugin {
  return {
    name: 'prepaidship-openapi-json',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: OPENAPI_PATH.slice(1), source: JSON.stringify(openApiDocument()) });
    },
  };
}
