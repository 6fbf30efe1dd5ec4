/**
 * The Content-Security-Policy, derived from the configuration: a third party appears in it only
 * when the variable that turns it on is set, and then only with the exact hosts its script uses
 * (no wildcards: a wildcard admits every customer's content on that vendor's domain). Media and
 * images come from this origin and the MEDIA_HOSTS origins.
 *
 * The hosts below are those each vendor's browser script loads from or sends to, for what this
 * product uses it for (docs/architecture.md, "Content-Security-Policy"). When a vendor moves a
 * script, the browser reports a `securitypolicyviolation` naming the host: add it here.
 */
import type { Config } from '../config';

interface VendorHosts {
  script?: string[];
  connect?: string[];
  img?: string[];
  frame?: string[];
}

/**
 * Google Analytics 4 through gtag.js: the library from www.googletagmanager.com, hits to
 * www.google-analytics.com and the regional collectors (region1.*), the tag's pixel fallback.
 */
export const GOOGLE_ANALYTICS: VendorHosts = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://www.google-analytics.com', 'https://region1.google-analytics.com', 'https://analytics.google.com', 'https://region1.analytics.google.com', 'https://www.googletagmanager.com'],
  img: ['https://www.google-analytics.com', 'https://www.googletagmanager.com'],
};

/**
 * HubSpot's tracking code (page views only): the loader js.hs-scripts.com/<portal>.js, which loads
 * the analytics script, the cookie banner and collected forms; views are sent to track.hubspot.com.
 * The chat widget, ads pixels and embedded forms are not used, so their hosts are not admitted.
 */
export const HUBSPOT_TRACKING: VendorHosts = {
  script: ['https://js.hs-scripts.com', 'https://js.hs-analytics.net', 'https://js.hs-banner.com', 'https://js.hscollectedforms.net'],
  connect: ['https://track.hubspot.com', 'https://forms.hscollectedforms.net'],
  img: ['https://track.hubspot.com'],
};

/** Stripe.js: the script and its iframes from js.stripe.com, 3-D Secure on hooks.stripe.com, the API. */
export const STRIPE: VendorHosts = {
  script: ['https://js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
};

/**
 * The Maps JavaScript API's places library (school search, ui/fields/places.ts): its loader and
 * modules from maps.googleapis.com, Places API (New) requests to places.googleapis.com, the Google
 * attribution image from maps.gstatic.com. No map is drawn, so no tile or font hosts.
 */
export const GOOGLE_PLACES: VendorHosts = {
  script: ['https://maps.googleapis.com'],
  connect: ['https://maps.googleapis.com', 'https://places.googleapis.com'],
  img: ['https://maps.gstatic.com'],
};

type PolicyConfig = Pick<Config, 'appUrl' | 'analyticsId' | 'hubspot' | 'stripePublishableKey' | 'placesApiKey' | 'mediaHosts'>;

/** The vendors whose scripts the client loads with this configuration. */
export function vendorsInUse(cfg: PolicyConfig): VendorHosts[] {
  return [
    cfg.analyticsId ? GOOGLE_ANALYTICS : undefined,
    cfg.hubspot.portalId ? HUBSPOT_TRACKING : undefined,
    cfg.stripePublishableKey ? STRIPE : undefined,
    cfg.placesApiKey ? GOOGLE_PLACES : undefined,
  ].filter((v): v is VendorHosts => v !== undefined);
}

const unique = (values: string[]) => [...new Set(values)];

/** helmet's `contentSecurityPolicy.directives`. */
export function contentSecurityPolicyDirectives(cfg: PolicyConfig) {
  const vendors = vendorsInUse(cfg);
  const of = (kind: keyof VendorHosts) => vendors.flatMap((v) => v[kind] ?? []);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: unique(["'self'", ...of('script')]),
    // The media hosts too: the players ask a source's status (HEAD) to tell "not found" apart.
    connectSrc: unique(["'self'", ...of('connect'), ...cfg.mediaHosts]),
    frameSrc: unique(["'self'", ...of('frame')]),
    imgSrc: unique(["'self'", 'data:', ...cfg.mediaHosts, ...of('img')]),
    mediaSrc: unique(["'self'", ...cfg.mediaHosts]),
    styleSrc: ["'self'", "'unsafe-inline'"],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: cfg.appUrl.startsWith('https:') ? [] : null,
  };
}
