/** The address the e2e server grants ADMIN at sign-in (ADMIN_EMAILS, set by the global setup). */
export const E2E_ADMIN_EMAIL = 'admin.editor@e2e.objectivism.test';

/**
 * A second ADMIN_EMAILS address, for the member-management journey (admin-users.spec.ts): a sign-in
 * link voids the address's older ones, so two spec files running at once must not share one.
 */
export const E2E_MEMBERS_ADMIN_EMAIL = 'admin.members@e2e.objectivism.test';
