// The secrets every integration test runs with, put in the environment when this module is first imported (before any
// test reads them): the test card gateway's webhook secret and the API tokens' signing key. The Payload secret is set
// once for the run by ./global-setup.ts.
export const GATEWAY_SECRET = 'int-test-gateway-secret-0123456789abcdef'
export const JWT_SECRET = 'int-tests-jwt-secret-0123456789abcdef'

process.env.TEST_GATEWAY_WEBHOOK_SECRET = GATEWAY_SECRET
process.env.JWT_SECRET = JWT_SECRET
