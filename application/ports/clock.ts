/** Time comes from here, never from `new Date()` in a rule, so rules can be tested at any instant. */
export interface Clock {
  now(): Date;
}
