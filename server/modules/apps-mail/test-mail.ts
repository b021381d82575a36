import type { Language, SessionUser } from '../../../contract/auth.ts';
import { escapeHtml, type MailMessage } from '../../lib/mailer.ts';

interface TestMailText {
  subject: string;
  greeting: (name: string) => string;
  body: (organization: string) => string;
  nothingToDo: string;
}

const TEST_MAIL: Record<Language, TestMailText> = {
  en: {
    subject: 'Karkhana test mail',
    greeting: (name) => `Hello ${name},`,
    body: (organization) =>
      `This is a test mail from Karkhana for ${organization}. Email works: password reset codes and the morning digest will reach your team.`,
    nothingToDo: 'There is nothing to do with this mail.',
  },
  gu: {
    subject: 'Karkhana તરફથી ટેસ્ટ મેઇલ',
    greeting: (name) => `નમસ્તે ${name},`,
    body: (organization) =>
      `${organization} માટે Karkhana તરફથી આ ટેસ્ટ મેઇલ છે. ઇમેઇલ ચાલે છે: પાસવર્ડ રીસેટ કોડ અને સવારનો સારાંશ તમારી ટીમ સુધી પહોંચશે.`,
    nothingToDo: 'આ મેઇલ માટે તમારે કંઈ કરવાનું નથી.',
  },
  hi: {
    subject: 'Karkhana से टेस्ट मेल',
    greeting: (name) => `नमस्ते ${name},`,
    body: (organization) =>
      `${organization} के लिए Karkhana से यह टेस्ट मेल है। ईमेल चल रहा है: पासवर्ड रीसेट कोड और सुबह का सारांश आपकी टीम तक पहुँचेंगे।`,
    nothingToDo: 'इस मेल पर आपको कुछ नहीं करना है।',
  },
};

/** The test mail, in the user's language, to the user's own address. */
export function testMail(
  user: Pick<SessionUser, 'name' | 'email' | 'language'>,
  organizationName: string,
): MailMessage {
  const words = TEST_MAIL[user.language];
  const greeting = words.greeting(user.name);
  const body = words.body(organizationName);
  return {
    to: user.email,
    subject: words.subject,
    text: [greeting, '', body, '', words.nothingToDo].join('\n'),
    html: [greeting, body, words.nothingToDo]
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('\n'),
  };
}
