/** Where users write for help; shown in the public footer and on the landing page. */
export const supportEmail = 'support@prepaidship.com';
