/** Names the device behind a user agent in plain words, for the security timeline. */
export interface DeviceNames {
  /** 'Chrome on macOS', 'Safari on iPhone', 'curl (a program)'; 'Unknown device' when it cannot tell. */
  describe(userAgent: string | null | undefined): string;
}
