/** Public host of the Avalanche Metrics API. */
export const METRICS_API_URL = 'https://metrics.avax.network';
