/**
 * DeviceNames on ua-parser-js: "{browser} on {system}" ("Chrome on macOS", "Safari on iPhone"),
 * programs and crawlers by name, 'Unknown device' for anything it cannot read. The agent is cut
 * to its first 512 characters first: a header is the client's to fill, and no real one is longer.
 */
import { UAParser } from 'ua-parser-js';
import { CLIs, Crawlers, Fetchers, Libraries } from 'ua-parser-js/extensions';
import type { DeviceNames } from '../../application/ports/devices';

export const UNKNOWN_DEVICE = 'Unknown device';
const MAX_AGENT_LENGTH = 512;
const EXTENSIONS = [CLIs, Libraries, Fetchers, Crawlers].flat();

/** 'Mobile Safari' is Safari to a member; 'Chrome Headless' reads better the other way round. */
function browserName(name: string | undefined): string | null {
  if (!name) return null;
  if (name === 'Chrome Headless') return 'Headless Chrome';
  return name.replace(/^Mobile /, '');
}

export function describeUserAgent(userAgent: string | null | undefined): string {
  const agent = userAgent?.trim().slice(0, MAX_AGENT_LENGTH);
  if (!agent) return UNKNOWN_DEVICE;
  const { browser, os, device } = UAParser(agent, EXTENSIONS);
  if (browser.name && (browser.type === 'cli' || browser.type === 'library' || browser.type === 'fetcher')) return `${browser.name} (a program)`;
  if (browser.name && browser.type === 'crawler') return `${browser.name} (a crawler)`;
  const name = browserName(browser.name);
  // An iPhone or iPad says more than 'iOS'; a Mac, a PC or an Android phone is named by its system.
  const system = device.model === 'iPhone' || device.model === 'iPad' ? device.model : (os.name ?? null);
  if (name && system) return `${name} on ${system}`;
  if (name) return name;
  return system ? `A browser on ${system}` : UNKNOWN_DEVICE;
}

export const uaDeviceNames: DeviceNames = { describe: describeUserAgent };
