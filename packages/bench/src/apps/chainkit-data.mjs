import { Avalanche } from '@avalanche-sdk/chainkit';

// serverURL on every call: an operation with its own server list ignores the client's.
export function setup(serverURL) {
  const sdk = new Avalanche({
    serverURL,
    enableTelemetry: false,
    retryConfig: { strategy: 'none' },
  });
  return () => sdk.data.primaryNetwork.listValidators({ network: 'mainnet' }, { serverURL });
}
