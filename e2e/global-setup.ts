import { mailDirectory, startMailServer } from './mail-server.ts';

/** Starts the mailbox the app's SMTP_URL points at (see playwright.config.ts). */
export default async function globalSetup() {
  const port = Number(process.env.E2E_SMTP_PORT);
  return startMailServer(port, mailDirectory());
}
