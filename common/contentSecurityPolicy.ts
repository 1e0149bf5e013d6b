/**
 * The site's Content-Security-Policy, sent by the API server on every answer
 * (server/src/plugins/securityHeaders.ts) and by the mock server (config/securityHeaders.ts), so
 * that the app is built and tried under the policy it is served with. The app loads its scripts,
 * styles and pictures from its own origin only, and nothing may frame it (clickjacking on the login
 * and payment pages). Styles may be inline: antd writes its component styles into <style> tags at
 * run time, and a nonce would switch 'unsafe-inline' off for them. Scripts never run inline, from
 * attributes or from strings.
 */
export const SITE_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The policy as a header value; behind https, insecure requests are upgraded as well. */
export function policyHeader(https: boolean): string {
  const parts = Object.entries(SITE_POLICY).map(([name, sources]) => `${name} ${sources.join(' ')}`);
  if (https) parts.push('upgrade-insecure-requests');
  return parts.join('; ');
}
