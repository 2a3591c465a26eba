/**
 * A stand-in EasyPost for a test's own front run with the real EasyPost client
 * (CARRIER_PROVIDER=easypost): it answers with EasyPost's answers in test/fixtures/easypost/ and
 * records every request. It speaks HTTPS because the carrier downloads label files only over https:
 * its certificate is made for it (openssl) and given to the front as NODE_EXTRA_CA_CERTS, so the
 * front trusts it beside the usual authorities and nothing else changes.
 *
 *   POST /v2/addresses              the address check: each address verified as sent (no suggestion)
 *   POST /v2/shipments              shipment-created.json with the reference sent and an id of its own
 *                                   per shipment (its rates name it), so a buy says which it bought
 *   POST /v2/shipments/{id}/buy     shipment-bought.json for that shipment: the rate asked as its
 *                                   selected_rate, and its PDF label here
 *   GET  /files/label.pdf           label.pdf
 *
 * Anything else answers EasyPost's error shape with a 500.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { join, resolve } from 'node:path';
import { test } from '@playwright/test';
import { e2eRunDir } from '../../playwright.config';
import { startOwnFront, type OwnFront } from './own-front';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/easypost');
const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as Record<string, unknown>;

type Json = Record<string, unknown>;

/** One request as the stand-in received it: its method, path and JSON body ({} when none), and the JSON answered. */
export interface EasyPostRequest {
  method: string;
  path: string;
  body: Json;
  answer?: Json;
}

interface EasyPostStandIn {
  /** What a front needs to call it: the EasyPost settings and the certificate to trust. */
  env: Record<string, string>;
  /** Every request so far, in order. */
  requests: EasyPostRequest[];
  stop(): Promise<void>;
}

export interface EasyPostStandInOptions {
  /**
   * The cost (EasyPost's dollars text, "4.80") of the USPS Priority rates on a shipment of a
   * predefined package (a Flat Rate envelope or box). The recorded shipment is of a plain parcel;
   * absent, a Flat Rate shipment answers its rates as they are.
   */
  flatRateCost?: string;
}

/**
 * Starts a stand-in on `standInPort` and a front of the calling describe block's own on `frontPort`
 * that buys from it, before the block's first test; stops both after its last. Answers the
 * requests the stand-in received, read in the tests.
 */
export function useEasyPostFront(frontPort: number, standInPort: number, options: EasyPostStandInOptions = {}): { requests: () => EasyPostRequest[] } {
  let easypost: EasyPostStandIn | undefined;
  let front: OwnFront | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    easypost = await startEasyPostStandIn(standInPort, options);
    front = await startOwnFront(frontPort, easypost.env);
  });
  test.afterAll(async () => {
    await front?.stop();
    await easypost?.stop();
  });
  return { requests: () => easypost?.requests ?? [] };
}

/** Starts the stand-in on `port` (all interfaces, as localhost may be ::1 or 127.0.0.1). */
async function startEasyPostStandIn(port: number, options: EasyPostStandInOptions = {}): Promise<EasyPostStandIn> {
  const dir = mkdtempSync(join(e2eRunDir, 'easypost-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  const subject = ['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1'];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '2', ...subject],
    {
      stdio: 'ignore',
    },
  );
  const url = `https://localhost:${port}`;
  const created = fixture('shipment-created.json');
  const bought = fixture('shipment-bought.json');
  const pdf = readFileSync(join(FIXTURES, 'label.pdf'));
  const requests: EasyPostRequest[] = [];
  const shipments = new Map<string, Json>();

  /** The recorded shipment as EasyPost would answer this request for it. */
  function shipmentFor(sent: Json): Json {
    const id = `shp_standin${shipments.size + 1}`;
    const flat = typeof (sent.parcel as Json | undefined)?.predefined_package === 'string' && options.flatRateCost !== undefined;
    const rates = (created.rates as Json[]).map((rate) => {
      const priced = flat && rate.carrier === 'USPS' && rate.service === 'Priority';
      const cost = priced ? { rate: options.flatRateCost, retail_rate: options.flatRateCost, list_rate: options.flatRateCost } : {};
      return { ...rate, ...cost, shipment_id: id };
    });
    const shipment = { ...created, id, reference: sent.reference, parcel: { ...(created.parcel as Json), ...(sent.parcel as Json) }, rates };
    shipments.set(id, shipment);
    return shipment;
  }

  /** The recorded purchase of shipment `id` at its rate `rateId`, or undefined when it has no such rate. */
  function purchaseOf(id: string, rateId: unknown): Json | undefined {
    const shipment = shipments.get(id);
    const rate = (shipment?.rates as Json[] | undefined)?.find((r) => r.id === rateId);
    if (!shipment || !rate) return undefined;
    const label = { ...(bought.postage_label as Json), label_url: `${url}/files/label.pdf`, label_pdf_url: `${url}/files/label.pdf` };
    return { ...bought, id, reference: shipment.reference, parcel: shipment.parcel, rates: shipment.rates, selected_rate: rate, postage_label: label };
  }

  function answer(method: string, path: string, body: Json): { status: number; json?: unknown; pdf?: Buffer } {
    if (method === 'POST' && path === '/v2/addresses') {
      return { status: 201, json: { ...(body.address as Json), verifications: { delivery: { success: true, errors: [] } } } };
    }
    if (method === 'POST' && path === '/v2/shipments') return { status: 201, json: shipmentFor(body.shipment as Json) };
    const buy = method === 'POST' ? /^\/v2\/shipments\/([^/]+)\/buy$/.exec(path) : null;
    if (buy) {
      const purchase = purchaseOf(decodeURIComponent(buy[1]!), (body.rate as Json | undefined)?.id);
      return purchase ? { status: 200, json: purchase } : { status: 404, json: fixture('recorded-error-not-found.json') };
    }
    if (method === 'GET' && path === '/files/label.pdf') return { status: 200, pdf };
    return { status: 500, json: { error: { code: 'UNEXPECTED', message: `${method} ${path} is not in this test` } } };
  }

  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const method = req.method ?? '';
      const path = new URL(req.url ?? '/', url).pathname;
      const body = text ? (JSON.parse(text) as Json) : {};
      const { status, json, pdf: file } = answer(method, path, body);
      requests.push({ method, path, body, ...(json ? { answer: json as Json } : {}) });
      if (file) res.writeHead(status, { 'content-type': 'application/pdf' }).end(file);
      else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((r) => server.listen(port, r));
  return {
    env: { CARRIER_PROVIDER: 'easypost', EASYPOST_API_KEY: 'EZTK_e2e_stand_in', EASYPOST_API_URL: url, NODE_EXTRA_CA_CERTS: cert },
    requests,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
