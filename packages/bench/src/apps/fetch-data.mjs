// The floor: what the same request costs with nothing but fetch and res.json().
export function setup(baseUrl) {
  const url = `${baseUrl}/v1/networks/mainnet/validators`;
  return async () => (await fetch(url, { headers: { accept: 'application/json' } })).json();
}
