// The one source of the shop's security headers: the Express app sends them with helmet (app.ts), and Firebase
// Hosting's headers in firebase.json / firebase.emulators.json are GENERATED from this file by
// scripts/firebase/sync-headers.mjs (functions/test/deploy/hostingHeaders.test.ts checks they are in sync).
import helmet, { type HelmetOptions } from 'helmet';
import { staticHeaders } from './fastPath.js';

/**
 * Who the headers are for:
 * - `app`: the Express app (embedded server, and the API's answers on Firebase);
 * - `firebase`: Hosting in production: the app's CSP plus the Google endpoints the Firebase web SDK calls;
 * - `emulators`: Hosting in the emulator build (`npm run emulators`): `firebase` plus the local emulator ports.
 */
export type HeaderTarget = 'app' | 'firebase' | 'emulators';

/** What the Firebase web build calls besides the shop: Auth (sign-in, token refresh), Firestore, Storage. */
export const FIREBASE_CONNECT_SOURCES = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://firestore.googleapis.com',
  'https://firebasestorage.googleapis.com',
] as const;

/** The emulators the web app talks to (ports from firebase.json `emulators`). */
export interface EmulatorPorts {
  auth: number;
  firestore: number;
  storage: number;
}

/** The emulator origins, under both names a developer may open Hosting with. */
export function emulatorOrigins(ports: EmulatorPorts): { connect: string[]; img: string[] } {
  const hosts = ['127.0.0.1', 'localhost'];
  const at = (port: number) => hosts.map((h) => `http://${h}:${port}`);
  return { connect: [...at(ports.auth), ...at(ports.firestore), ...at(ports.storage)], img: at(ports.storage) };
}

/**
 * The content security policy. PayPal's JS SDK needs its own hosts for the script, its iframes and its calls;
 * nothing else outside the shop is allowed (the Firebase targets add only the hosts above).
 */
export function contentSecurityPolicy(target: HeaderTarget = 'app', emulators?: EmulatorPorts) {
  const connect = ["'self'", 'https://*.paypal.com', 'https://*.paypalobjects.com'];
  const img = ["'self'", 'data:', 'blob:', 'https:'];
  if (target !== 'app') connect.push(...FIREBASE_CONNECT_SOURCES);
  if (target === 'emulators') {
    if (!emulators) throw new Error('the emulator headers need the emulator ports');
    const local = emulatorOrigins(emulators);
    connect.push(...local.connect);
    img.push(...local.img);
  }
  return {
    useDefaults: true,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", 'https://*.paypal.com', 'https://*.paypalobjects.com'],
      'frame-src': ["'self'", 'https://*.paypal.com'],
      'connect-src': connect,
      'img-src': img,
      // PayPal's buttons set inline styles on their container.
      'style-src': ["'self'", "'unsafe-inline'"],
      'form-action': ["'self'"],
      'upgrade-insecure-requests': null,
    },
  };
}

export function helmetOptions(target: HeaderTarget = 'app', emulators?: EmulatorPorts): HelmetOptions {
  return {
    contentSecurityPolicy: contentSecurityPolicy(target, emulators),
    crossOriginEmbedderPolicy: false,
    // PayPal's checkout opens a popup that reports back to this window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * The API's answers (JSON, the live event stream) are no document: they need none of the page's policy (PayPal's
 * hosts, fonts, styles) and none of the headers only a document reads (COOP, Origin-Agent-Cluster, DNS prefetch,
 * download options, the XSS auditor's, cross-domain policy files). What protects a JSON answer stays, as OWASP's REST
 * Security Cheat Sheet lists it: nothing may load or frame it (CSP `default-src 'none'; frame-ancestors 'none'`,
 * X-Frame-Options DENY), no sniffing it into a script (nosniff), same-origin reads only (CORP), HSTS, no referrer.
 * Half the header bytes of a catalogue answer (docs/benchmarks.md section 1).
 */
export function apiHelmetOptions(): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: { policy: 'no-referrer' },
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/** The helmet middleware for the API's answers (apiHelmetOptions). */
export const apiSecurityHeaders = () => helmet(apiHelmetOptions());

/** The helmet middleware the Express app uses. */
export const securityHeaders = (target: HeaderTarget = 'app', emulators?: EmulatorPorts) =>
  helmet(helmetOptions(target, emulators));

/** The headers helmet sends for a target, in its order, as Hosting's `{ key, value }` pairs. */
export function securityHeaderList(
  target: HeaderTarget = 'app',
  emulators?: EmulatorPorts,
): { key: string; value: string }[] {
  const flat = staticHeaders(securityHeaders(target, emulators));
  if (!flat) throw new Error('helmet headers are not static');
  const list: { key: string; value: string }[] = [];
  for (let i = 0; i < flat.length; i += 2) list.push({ key: flat[i]!, value: flat[i + 1]! });
  return list;
}
