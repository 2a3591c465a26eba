/**
 * The one EasyPost client (functions/providers/easypost-client.ts) against a stand-in EasyPost on
 * 127.0.0.1: what a call answers whatever EasyPost's status and body, and when it rejects.
 */
import { describe, expect, it } from 'vitest';
import { askEasyPost } from '../../../functions/providers/easypost-client';
import recordedError from '../../fixtures/easypost/recorded-error-parameter-required.json';
import { useEasyPostStandIn } from '../../fixtures/easypost/stand-in';

const easypost = useEasyPostStandIn();
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

describe('askEasyPost', () => {
  it("answers EasyPost's status and body text, a success or an error alike", async () => {
    const account = { apiKey: 'EZTK_one', apiUrl: easypost.url() };
    easypost.answers({ status: 201, json: { id: 'shp_1' } }, { status: 422, json: recordedError });
    expect(await askEasyPost(account, (client) => client.Shipment.retrieve('shp_1'))).toEqual({ status: 201, text: '{"id":"shp_1"}' });
    expect(await askEasyPost(account, (client) => client.Shipment.retrieve('shp_1'))).toEqual({ status: 422, text: JSON.stringify(recordedError) });
  });

  it("keeps the status of an answer that is not JSON (a proxy's page), which the library reads as a TypeError", async () => {
    const account = { apiKey: 'EZTK_one', apiUrl: easypost.url() };
    easypost.answers({ status: 502, body: '<html>bad gateway</html>' }, { status: 200, body: 'not json' });
    expect(await askEasyPost(account, (client) => client.Shipment.retrieve('shp_1'))).toEqual({ status: 502, text: '<html>bad gateway</html>' });
    expect(await askEasyPost(account, (client) => client.Shipment.retrieve('shp_1'))).toEqual({ status: 200, text: 'not json' });
  });

  it('calls under {EASYPOST_API_URL}/v2/, with or without a trailing slash, with each account its own key', async () => {
    const asked = easypost.answers({ json: {} }, { json: {} });
    await askEasyPost({ apiKey: 'EZTK_one', apiUrl: easypost.url() }, (client) => client.Shipment.retrieve('shp_1'));
    await askEasyPost({ apiKey: 'EZTK_two', apiUrl: `${easypost.url()}/` }, (client) => client.Shipment.refund('shp_2'));
    expect(asked.map((r) => [r.method, r.url])).toEqual([
      ['GET', '/v2/shipments/shp_1'],
      ['POST', '/v2/shipments/shp_2/refund'],
    ]);
    expect(asked[0]!.headers).toMatchObject({ authorization: basic('EZTK_one') });
    expect(asked[1]!.headers).toMatchObject({ authorization: basic('EZTK_two') });
  });

  it('rejects with the error that says why when nothing answered', async () => {
    const refused = askEasyPost({ apiKey: 'EZTK_one', apiUrl: 'http://127.0.0.1:9' }, (client) => client.Shipment.retrieve('shp_1'));
    await expect(refused).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    easypost.answers({ drop: true });
    await expect(askEasyPost({ apiKey: 'EZTK_one', apiUrl: easypost.url() }, (client) => client.Shipment.retrieve('shp_1'))).rejects.toThrow('socket hang up');
  });
});
