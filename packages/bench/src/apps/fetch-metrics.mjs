// The floor: what the same request costs with nothing but fetch and res.json().
export function setup(baseUrl) {
  const url = `${baseUrl}/v1/avg_tps/43114`;
  return async () => (await fetch(url, { headers: { accept: 'application/json' } })).json();
}
