// The floor: what the same request costs with nothing but fetch and res.json().
export function setup(url) {
  let id = 0;
  return async () => {
    const res = await fetch(`${url}/ext/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'info.getNodeVersion' }),
    });
    return res.json();
  };
}
