/**
 * A session's device in plain words ("Chrome on Linux", "Safari on iPhone") from its user agent.
 * Order matters: Edge and Opera carry "Chrome" too, Chrome carries "Safari", iPadOS 13+ says
 * "Macintosh". An agent we cannot read is still a session the member may want to end, so it gets
 * a name too, never an empty string.
 */

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+ (?:Mobile\/\w+ )?Safari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const TOOLS: ReadonlyArray<[RegExp, string]> = [
  [/^curl\//i, 'curl'],
  [/^node-fetch|^undici|^node\b/i, 'A Node.js program'],
  [/^python-requests|^python/i, 'A Python program'],
  [/^PostmanRuntime\//, 'Postman'],
];

export const UNKNOWN_DEVICE = 'Unknown device';

const first = (list: ReadonlyArray<[RegExp, string]>, text: string) => list.find(([pattern]) => pattern.test(text))?.[1];

export function describeDevice(userAgent: string | null | undefined): string {
  const agent = userAgent?.trim();
  if (!agent) return UNKNOWN_DEVICE;
  const tool = first(TOOLS, agent);
  if (tool) return tool;
  const headless = /\bHeadlessChrome\//.test(agent);
  const browser = headless ? 'Headless Chrome' : first(BROWSERS, agent);
  const system = first(SYSTEMS, agent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : UNKNOWN_DEVICE);
}
