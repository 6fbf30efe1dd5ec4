/** The address the e2e server grants ADMIN at sign-in (ADMIN_EMAILS, set by the global setup). */
export const E2E_ADMIN_EMAIL = 'admin.editor@e2e.objectivism.test';
