import createClient from 'openapi-fetch';

// No generated `paths` type here: types cost no bytes, and this file is plain JavaScript.
export function setup(baseUrl) {
  const client = createClient({ baseUrl });
  return () => client.GET('/v1/avg_tps/{chainId}', { params: { path: { chainId: '43114' } } });
}
