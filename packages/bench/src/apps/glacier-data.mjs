import { Glacier } from '@avalabs/glacier-sdk';

export function setup(BASE) {
  const glacier = new Glacier({ BASE });
  return () => glacier.primaryNetwork.listValidators({ network: 'mainnet' });
}
