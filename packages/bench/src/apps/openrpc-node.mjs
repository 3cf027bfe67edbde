import { Client, HTTPTransport, RequestManager } from '@open-rpc/client-js';

export function setup(url) {
  const client = new Client(new RequestManager([new HTTPTransport(`${url}/ext/info`)]));
  return () => client.request({ method: 'info.getNodeVersion' });
}
