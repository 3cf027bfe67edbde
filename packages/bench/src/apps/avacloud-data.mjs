import { AvaCloudSDK } from '@avalabs/avacloud-sdk';

// serverURL on every call: an operation with its own server list ignores the client's.
export function setup(serverURL) {
  const sdk = new AvaCloudSDK({ serverURL, retryConfig: { strategy: 'none' } });
  return () => sdk.data.primaryNetwork.listValidators({ network: 'mainnet' }, { serverURL });
}
