// The same clients through require(): what an app still on CommonJS does. Node runs this from
// 20.19 and 22.12 on (require of an ES module), which is what `engines` says.
const { createDataClient } = require('@avalanche-api/data-client');
const { createNodeClient } = require('@avalanche-api/node-rpc');

const [baseUrl] = process.argv.slice(2);
(async () => {
  const page = await createDataClient({ baseUrl, retry: false }).listValidators({
    network: 'mainnet',
  });
  const version = await createNodeClient({ baseUrl, retry: false }).info.getNodeVersion();
  console.log(JSON.stringify({ validators: page.validators, version }));
})();
