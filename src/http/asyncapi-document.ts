import { existsSync, readFileSync } from 'node:fs';
import { builtPath, packagePath } from '../paths.js';
import { loadOpenApiDocument, parseYaml } from './openapi-document.js';

let cached: Record<string, unknown> | undefined;

/**
 * The AsyncAPI document of the streams and webhooks (`openapi/asyncapi.yaml`), served at
 * `/asyncapi.json`. Its messages name the OpenAPI documents' schemas (`Order`, `DeliveryAttempt`…):
 * they are merged in here, as the control plane's document gets the /v1 ones, so the served
 * document is complete and every shape has one source.
 */
export function loadAsyncApiDocument(): Record<string, unknown> {
  if (!cached) {
    const compiled = builtPath('openapi', 'asyncapi.json');
    const doc = (
      compiled && existsSync(compiled)
        ? JSON.parse(readFileSync(compiled, 'utf8'))
        : parseYaml(readFileSync(packagePath('openapi', 'asyncapi.yaml'), 'utf8'))
    ) as { components: { schemas: Record<string, unknown> } };
    const shared = loadOpenApiDocument('sandbox').components.schemas; // the /v1 ones included
    doc.components.schemas = { ...shared, ...doc.components.schemas };
    cached = doc;
  }
  return cached;
}
