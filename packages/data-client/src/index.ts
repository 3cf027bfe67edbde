/** Public host of the Avalanche Data API. */
export const DATA_API_URL = 'https://data-api.avax.network';
