/** RSA key pairs in PEM, as the payment gateways sign with them (the sandbox's is generated on first start). */
import { generateKeyPairSync } from 'crypto';

export function newRsaKeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}
