import { Avalanche } from '@avalanche-sdk/chainkit';

// The SDK has no v1 avg_tps operation; its equivalent is GET /v2/chains/{chainId}/metrics/avgTps.
export function setup(serverURL) {
  const sdk = new Avalanche({
    serverURL,
    enableTelemetry: false,
    retryConfig: { strategy: 'none' },
  });
  return () => sdk.metrics.chains.getMetrics({ chainId: '43114', metric: 'avgTps' }, { serverURL });
}
