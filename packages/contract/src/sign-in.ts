// No zod here: the web app's sign-in screen imports this module, and that screen loads before
// the rest of the console (and the contract's schemas) so that it stays light.

/** The sign-in reply's error when the password was right and a code is still needed. */
export const TOTP_REQUIRED_ERROR = 'Code Required';
