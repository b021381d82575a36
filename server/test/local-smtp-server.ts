import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server for tests, plain (no TLS upgrade, no login) as the app talks to it, that
 * hands every message it accepts to `receive`: the envelope's recipients and the raw text.
 */
export function localSmtpServer(receive: (to: string[], raw: string) => void): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        receive(
          session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
        );
        callback();
      });
    },
  });
}
