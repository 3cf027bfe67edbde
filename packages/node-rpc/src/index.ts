/** Public mainnet node of Avalanche; fuji is https://api.avax-test.network. */
export const MAINNET_NODE_URL = 'https://api.avax.network';
